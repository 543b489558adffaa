CREATE TABLE `company_work` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`heartbeat_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_work_heartbeat_idx` ON `company_work` (`heartbeat_at`);