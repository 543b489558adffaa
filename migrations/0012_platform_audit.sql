CREATE TABLE `platform_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text NOT NULL,
	`outcome` text DEFAULT 'ok' NOT NULL,
	`actor_id` integer,
	`actor_name` text,
	`company_id` integer,
	`company_name` text,
	`target_type` text,
	`target_id` text,
	`target_label` text,
	`detail` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `platform_audit_log_company_idx` ON `platform_audit_log` (`company_id`,`id`);--> statement-breakpoint
CREATE INDEX `platform_audit_log_actor_idx` ON `platform_audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `platform_audit_log_action_idx` ON `platform_audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `platform_audit_log_created_idx` ON `platform_audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `support_accesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`super_user_id` integer NOT NULL,
	`super_name` text NOT NULL,
	`reason` text NOT NULL,
	`started_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE INDEX `support_accesses_company_idx` ON `support_accesses` (`company_id`,`super_user_id`,`expires_at`);