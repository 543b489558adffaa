CREATE TABLE `whatsapp_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`meta_id` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`category` text NOT NULL,
	`status` text NOT NULL,
	`components` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_templates_name_uq` ON `whatsapp_templates` (`whatsapp_id`,`name`,`language`);--> statement-breakpoint
CREATE INDEX `whatsapp_templates_company_idx` ON `whatsapp_templates` (`company_id`,`whatsapp_id`);--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `channel` text DEFAULT 'baileys' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_phone_number_id` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_waba_id` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_access_token` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_route_key` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_error` text;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_cloud_number_uq` ON `whatsapps` (`cloud_phone_number_id`);--> statement-breakpoint
ALTER TABLE `tickets` ADD `customer_wrote_at` integer;