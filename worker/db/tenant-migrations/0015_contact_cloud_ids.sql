CREATE TABLE `contact_cloud_ids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`username` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_cloud_ids_user_uq` ON `contact_cloud_ids` (`company_id`,`whatsapp_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contact_cloud_ids_contact_idx` ON `contact_cloud_ids` (`company_id`,`contact_id`);