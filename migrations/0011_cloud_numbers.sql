CREATE TABLE `cloud_numbers` (
	`phone_number_id` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`waba_id` text NOT NULL,
	`route_key` text,
	`app_secret` text,
	`verify_token` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cloud_numbers_whatsapp_id_unique` ON `cloud_numbers` (`whatsapp_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `cloud_numbers_route_key_unique` ON `cloud_numbers` (`route_key`);--> statement-breakpoint
CREATE INDEX `cloud_numbers_company_idx` ON `cloud_numbers` (`company_id`);--> statement-breakpoint
CREATE INDEX `cloud_numbers_waba_idx` ON `cloud_numbers` (`waba_id`);