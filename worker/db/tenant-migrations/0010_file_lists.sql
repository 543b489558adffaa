ALTER TABLE `file_list_options` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `file_list_options` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `file_list_options` ADD `size` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `file_list_options` ADD `file_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `file_list_options_list_position_idx` ON `file_list_options` (`file_list_id`,`position`);--> statement-breakpoint
CREATE INDEX `file_lists_company_name_idx` ON `file_lists` (`company_id`,`name`);--> statement-breakpoint
ALTER TABLE `queue_options` ADD `file_list_id` integer REFERENCES file_lists(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `contact_list_items` ADD `whatsapp_check` text;--> statement-breakpoint
ALTER TABLE `contact_list_items` ADD `whatsapp_checked_at` integer;--> statement-breakpoint
CREATE INDEX `contact_list_items_list_check_idx` ON `contact_list_items` (`contact_list_id`,`whatsapp_check`);--> statement-breakpoint
CREATE TABLE `contact_list_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_list_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`run` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`checked` integer DEFAULT 0 NOT NULL,
	`valid` integer DEFAULT 0 NOT NULL,
	`invalid` integer DEFAULT 0 NOT NULL,
	`unknown` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_list_checks_list_uq` ON `contact_list_checks` (`contact_list_id`);--> statement-breakpoint
CREATE INDEX `contact_list_checks_status_idx` ON `contact_list_checks` (`status`,`updated_at`);
