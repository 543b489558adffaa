ALTER TABLE `users` ADD `max_open_tickets` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `assignment_paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_assigned_at` integer;--> statement-breakpoint
ALTER TABLE `queues` ADD `assignment_mode` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `queues` ADD `last_assigned_user_id` integer;