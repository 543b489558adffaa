ALTER TABLE `chat_users` ADD `last_read_message_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chats` ADD `direct_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_direct_key_unique` ON `chats` (`company_id`,`direct_key`);--> statement-breakpoint
CREATE TABLE `chat_mentions` (
	`user_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `message_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_mentions_message_idx` ON `chat_mentions` (`message_id`);--> statement-breakpoint
CREATE TABLE `announcement_receipts` (
	`user_id` integer NOT NULL,
	`announcement_id` integer NOT NULL,
	`read_at` integer,
	`dismissed_at` integer,
	PRIMARY KEY(`user_id`, `announcement_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
