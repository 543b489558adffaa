ALTER TABLE `whatsapps` ADD `channel` text DEFAULT 'baileys' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_phone_number_id` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_waba_id` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_access_token` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_route_key` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `cloud_error` text;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_cloud_number_uq` ON `whatsapps` (`cloud_phone_number_id`);