ALTER TABLE `messages` ADD `client_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_company_user_client_uq` ON `messages` (`company_id`,`user_id`,`client_id`);