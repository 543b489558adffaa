ALTER TABLE `contacts` ADD `undeliverable_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `retry_at` integer;