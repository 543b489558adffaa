ALTER TABLE `tags` ADD `kanban_order` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ticket_trackings` ADD `from_tag_id` integer REFERENCES tags(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `ticket_trackings` ADD `to_tag_id` integer REFERENCES tags(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `tickets` ADD `kanban_lane_at` integer;