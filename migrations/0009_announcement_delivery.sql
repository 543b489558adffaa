ALTER TABLE `announcements` ADD `end_date` integer;--> statement-breakpoint
ALTER TABLE `announcements` ADD `audience` text DEFAULT 'all' NOT NULL;--> statement-breakpoint
CREATE TABLE `announcement_companies` (
	`announcement_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	PRIMARY KEY(`announcement_id`, `company_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_companies_company_idx` ON `announcement_companies` (`company_id`);--> statement-breakpoint
CREATE TABLE `announcement_deliveries` (
	`announcement_id` integer PRIMARY KEY NOT NULL,
	`run` integer DEFAULT 1 NOT NULL,
	`action` text DEFAULT 'create' NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade
);
