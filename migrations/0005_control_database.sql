-- Tenant tables move to each company's CompanyHub (ADR 0016); the control database keeps what is platform-wide.
-- Reset codes and session leases are transient and not copied (their new shapes name the company / route).
DROP TABLE IF EXISTS `messages_fts`;--> statement-breakpoint
DROP TABLE IF EXISTS `contacts_fts`;--> statement-breakpoint
CREATE TABLE `connection_routes` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`token_hash` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connection_routes_token_hash_unique` ON `connection_routes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `connection_routes_company_idx` ON `connection_routes` (`company_id`);--> statement-breakpoint
CREATE TABLE `login_emails` (
	`email` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_emails_company_idx` ON `login_emails` (`company_id`);--> statement-breakpoint
-- Children before their parents: D1 enforces foreign keys while a table is dropped.
DROP TABLE `settings`;--> statement-breakpoint
DROP TABLE `user_queues`;--> statement-breakpoint
DROP TABLE `chat_messages`;--> statement-breakpoint
DROP TABLE `chat_users`;--> statement-breakpoint
DROP TABLE `chats`;--> statement-breakpoint
DROP TABLE `campaign_shippings`;--> statement-breakpoint
DROP TABLE `campaigns`;--> statement-breakpoint
DROP TABLE `file_list_options`;--> statement-breakpoint
DROP TABLE `file_lists`;--> statement-breakpoint
DROP TABLE `messages`;--> statement-breakpoint
DROP TABLE `quick_messages`;--> statement-breakpoint
DROP TABLE `schedules`;--> statement-breakpoint
DROP TABLE `ticket_tags`;--> statement-breakpoint
DROP TABLE `tags`;--> statement-breakpoint
DROP TABLE `ticket_notes`;--> statement-breakpoint
DROP TABLE `ticket_trackings`;--> statement-breakpoint
DROP TABLE `user_ratings`;--> statement-breakpoint
DROP TABLE `tickets`;--> statement-breakpoint
DROP TABLE `user_sessions`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
DROP TABLE `whatsapp_queues`;--> statement-breakpoint
DROP TABLE `external_api_requests`;--> statement-breakpoint
DROP TABLE `whatsapp_session_keys`;--> statement-breakpoint
DROP TABLE `whatsapps`;--> statement-breakpoint
DROP TABLE `queue_options`;--> statement-breakpoint
DROP TABLE `queues`;--> statement-breakpoint
DROP TABLE `prompts`;--> statement-breakpoint
DROP TABLE `queue_integrations`;--> statement-breakpoint
DROP TABLE `contact_custom_fields`;--> statement-breakpoint
DROP TABLE `contacts`;--> statement-breakpoint
DROP TABLE `campaign_settings`;--> statement-breakpoint
DROP TABLE `contact_list_items`;--> statement-breakpoint
DROP TABLE `contact_lists`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `password_resets`;--> statement-breakpoint
ALTER TABLE `__new_password_resets` RENAME TO `password_resets`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `__new_session_leases` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `connection_routes`(`whatsapp_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP TABLE `session_leases`;--> statement-breakpoint
ALTER TABLE `__new_session_leases` RENAME TO `session_leases`;--> statement-breakpoint
CREATE INDEX `session_leases_host_idx` ON `session_leases` (`host_id`);