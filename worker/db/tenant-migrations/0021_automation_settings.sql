ALTER TABLE `users` ADD `max_open_tickets` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `assignment_paused` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_assigned_at` integer;--> statement-breakpoint
ALTER TABLE `queues` ADD `assignment_mode` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `queues` ADD `last_assigned_user_id` integer;--> statement-breakpoint
ALTER TABLE `queues` ADD `sla_first_response_minutes` integer;--> statement-breakpoint
ALTER TABLE `queues` ADD `sla_resolution_minutes` integer;--> statement-breakpoint
ALTER TABLE `ticket_notes` ADD `by_automation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `sla_started_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_response_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_responded_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolved_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_response_breached_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_breached_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `sla_next_due_at` integer;--> statement-breakpoint
CREATE INDEX `tickets_company_sla_next_due_idx` ON `tickets` (`company_id`,`sla_next_due_at`) WHERE "tickets"."sla_next_due_at" is not null;