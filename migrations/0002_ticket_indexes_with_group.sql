DROP INDEX `tickets_company_status_updated_idx`;--> statement-breakpoint
DROP INDEX `tickets_company_queue_status_updated_idx`;--> statement-breakpoint
DROP INDEX `tickets_company_user_status_updated_idx`;--> statement-breakpoint
CREATE INDEX `tickets_company_status_group_updated_idx` ON `tickets` (`company_id`,`status`,`is_group`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_queue_status_group_updated_idx` ON `tickets` (`company_id`,`queue_id`,`status`,`is_group`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_user_status_group_updated_idx` ON `tickets` (`company_id`,`user_id`,`status`,`is_group`,`updated_at`);