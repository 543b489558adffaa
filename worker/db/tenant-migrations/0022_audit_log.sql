CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`action` text NOT NULL,
	`outcome` text DEFAULT 'ok' NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`target_type` text,
	`target_id` text,
	`target_label` text,
	`detail` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_id_idx` ON `audit_log` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_company_actor_idx` ON `audit_log` (`company_id`,`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_company_action_idx` ON `audit_log` (`company_id`,`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_company_created_idx` ON `audit_log` (`company_id`,`created_at`);