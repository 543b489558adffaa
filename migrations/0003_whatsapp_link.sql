CREATE TABLE `session_leases` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_leases_host_idx` ON `session_leases` (`host_id`);--> statement-breakpoint
CREATE TABLE `whatsapp_session_keys` (
	`whatsapp_id` integer NOT NULL,
	`type` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `type`, `key_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `send_error` text;