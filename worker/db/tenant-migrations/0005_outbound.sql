ALTER TABLE `schedules` ADD `error` text;--> statement-breakpoint
ALTER TABLE `schedules` ADD `message_id` integer;--> statement-breakpoint
ALTER TABLE `schedules` ADD `recurrence` text;--> statement-breakpoint
ALTER TABLE `schedules` ADD `series_id` integer;--> statement-breakpoint
CREATE INDEX `schedules_message_idx` ON `schedules` (`message_id`);
--> statement-breakpoint
ALTER TABLE `contact_list_items` ADD `variables` text DEFAULT '{}' NOT NULL;
