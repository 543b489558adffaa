CREATE TABLE `company_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`requested_by_id` integer,
	`requested_by_name` text,
	`requested_by_super` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`progress` text DEFAULT '[]' NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`r2_key` text,
	`upload_id` text,
	`parts` text DEFAULT '[]' NOT NULL,
	`cursor` text,
	`error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	`expires_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_exports_company_id_idx` ON `company_exports` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `company_exports_company_state_idx` ON `company_exports` (`company_id`,`state`);