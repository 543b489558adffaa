CREATE TABLE `connection_health_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`kind` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connection_health_events_whatsapp_at_idx` ON `connection_health_events` (`whatsapp_id`,`at`);--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `last_event_at` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `link_refusal` text;