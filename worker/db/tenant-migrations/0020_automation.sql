CREATE TABLE `automation_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`trigger` text NOT NULL,
	`trigger_minutes` integer,
	`conditions` text NOT NULL,
	`actions` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `automation_rules_company_position_idx` ON `automation_rules` (`company_id`,`position`);--> statement-breakpoint
CREATE TABLE `automation_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`rule_id` integer NOT NULL,
	`ticket_id` integer,
	`trigger` text NOT NULL,
	`trigger_key` text,
	`outcome` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `automation_rules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `automation_runs_company_rule_idx` ON `automation_runs` (`company_id`,`rule_id`,`id`);--> statement-breakpoint
CREATE INDEX `automation_runs_company_ticket_idx` ON `automation_runs` (`company_id`,`ticket_id`,`id`);--> statement-breakpoint
CREATE INDEX `automation_runs_rule_key_idx` ON `automation_runs` (`rule_id`,`trigger_key`);--> statement-breakpoint
CREATE TABLE `macros` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`visibility` text DEFAULT 'company' NOT NULL,
	`owner_id` integer,
	`actions` text NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `macros_company_name_idx` ON `macros` (`company_id`,`name`);--> statement-breakpoint
ALTER TABLE `tickets` ADD `priority` text DEFAULT 'normal' NOT NULL;