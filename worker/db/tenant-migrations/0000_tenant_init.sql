CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`plan_id` integer,
	`status` integer DEFAULT true NOT NULL,
	`due_date` text,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`campaigns_enabled` integer DEFAULT false NOT NULL,
	`timezone` text DEFAULT 'America/Sao_Paulo' NOT NULL,
	`schedules` text DEFAULT '[]' NOT NULL,
	`billing_name` text,
	`address_zip_code` text,
	`address_street` text,
	`address_state` text,
	`address_city` text,
	`address_district` text,
	`trial_expiration` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_unique` ON `companies` (`name`);--> statement-breakpoint
CREATE INDEX `companies_due_date_idx` ON `companies` (`due_date`);--> statement-breakpoint
CREATE INDEX `companies_plan_id_idx` ON `companies` (`plan_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`connections` integer DEFAULT 0 NOT NULL,
	`queues` integer DEFAULT 0 NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	`use_campaigns` integer DEFAULT true NOT NULL,
	`use_schedules` integer DEFAULT true NOT NULL,
	`use_internal_chat` integer DEFAULT true NOT NULL,
	`use_external_api` integer DEFAULT true NOT NULL,
	`use_kanban` integer DEFAULT true NOT NULL,
	`use_open_ai` integer DEFAULT true NOT NULL,
	`use_integrations` integer DEFAULT true NOT NULL,
	`use_internal` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_name_unique` ON `plans` (`name`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_company_key_uq` ON `settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `user_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`refresh_hash` text NOT NULL,
	`previous_hash` text,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_sessions_user_idx` ON `user_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_sessions_expires_idx` ON `user_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `whatsapp_session_keys` (
	`whatsapp_id` integer NOT NULL,
	`type` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `type`, `key_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_queues` (
	`user_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `queue_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_queues_queue_idx` ON `user_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`profile` text DEFAULT 'user' NOT NULL,
	`super` integer DEFAULT false NOT NULL,
	`all_ticket` text DEFAULT 'disabled' NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`last_seen_at` integer,
	`whatsapp_id` integer,
	`language` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "users_email_lowercase" CHECK("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_name_idx` ON `users` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `whatsapp_queues` (
	`whatsapp_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `queue_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_queues_queue_idx` ON `whatsapp_queues` (`queue_id`);--> statement-breakpoint
CREATE TABLE `whatsapps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'OPENING' NOT NULL,
	`qrcode` text DEFAULT '' NOT NULL,
	`retries` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`session` text DEFAULT '' NOT NULL,
	`greeting_message` text DEFAULT '' NOT NULL,
	`complation_message` text DEFAULT '' NOT NULL,
	`out_of_hours_message` text DEFAULT '' NOT NULL,
	`rating_message` text DEFAULT '' NOT NULL,
	`token_hash` text,
	`provider` text DEFAULT 'beta' NOT NULL,
	`transfer_queue_id` integer,
	`time_to_transfer` integer,
	`prompt_id` integer,
	`integration_id` integer,
	`expires_inactive_message` text DEFAULT '' NOT NULL,
	`expires_ticket` integer DEFAULT 0 NOT NULL,
	`time_use_bot_queues` integer DEFAULT 0 NOT NULL,
	`max_use_bot_queues` integer DEFAULT 3 NOT NULL,
	`send_id_queue` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`transfer_queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`send_id_queue`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_token_hash_unique` ON `whatsapps` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapps_company_name_uq` ON `whatsapps` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `whatsapps_status_idx` ON `whatsapps` (`status`);--> statement-breakpoint
CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`api_key` text NOT NULL,
	`queue_id` integer,
	`max_tokens` integer DEFAULT 100 NOT NULL,
	`temperature` real DEFAULT 1 NOT NULL,
	`max_messages` integer DEFAULT 10 NOT NULL,
	`voice` text DEFAULT 'texto' NOT NULL,
	`voice_key` text DEFAULT '' NOT NULL,
	`voice_region` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompts_company_name_uq` ON `prompts` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `prompts_queue_idx` ON `prompts` (`queue_id`);--> statement-breakpoint
CREATE TABLE `queue_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`type` text DEFAULT 'typebot' NOT NULL,
	`name` text NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`json_content` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'pt-BR' NOT NULL,
	`url_n8n` text DEFAULT '' NOT NULL,
	`typebot_slug` text DEFAULT '' NOT NULL,
	`typebot_expires` integer DEFAULT 1 NOT NULL,
	`typebot_delay_message` integer DEFAULT 1000 NOT NULL,
	`typebot_keyword_finish` text DEFAULT '' NOT NULL,
	`typebot_keyword_restart` text DEFAULT '' NOT NULL,
	`typebot_restart_message` text DEFAULT '' NOT NULL,
	`typebot_unknown_message` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_integrations_company_name_uq` ON `queue_integrations` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `queue_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`parent_id` integer,
	`option` text NOT NULL,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `queue_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `queue_options_queue_parent_idx` ON `queue_options` (`queue_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `queue_options_parent_idx` ON `queue_options` (`parent_id`);--> statement-breakpoint
CREATE TABLE `queues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`order_queue` integer,
	`greeting_message` text DEFAULT '' NOT NULL,
	`out_of_hours_message` text DEFAULT '' NOT NULL,
	`schedules` text DEFAULT '[]' NOT NULL,
	`integration_id` integer,
	`prompt_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_name_uq` ON `queues` (`company_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `queues_company_color_uq` ON `queues` (`company_id`,`color`);--> statement-breakpoint
CREATE TABLE `contact_custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_custom_fields_contact_idx` ON `contact_custom_fields` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`lid` text,
	`email` text DEFAULT '' NOT NULL,
	`profile_pic_url` text DEFAULT '' NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`disable_bot` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`presence` text DEFAULT 'available' NOT NULL,
	`last_interaction_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_number_uq` ON `contacts` (`company_id`,`number`);--> statement-breakpoint
CREATE INDEX `contacts_company_lid_idx` ON `contacts` (`company_id`,`lid`);--> statement-breakpoint
CREATE INDEX `contacts_company_name_idx` ON `contacts` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT '' NOT NULL,
	`kanban` integer DEFAULT 0 NOT NULL,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tags_kanban_01" CHECK("tags"."kanban" in (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_company_name_uq` ON `tags` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `tags_company_kanban_idx` ON `tags` (`company_id`,`kanban`);--> statement-breakpoint
CREATE TABLE `ticket_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`note` text NOT NULL,
	`user_id` integer,
	`contact_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_notes_ticket_idx` ON `ticket_notes` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_notes_contact_idx` ON `ticket_notes` (`contact_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_tags` (
	`ticket_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `tag_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_tags_tag_idx` ON `ticket_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `ticket_trackings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`action` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`from_user_id` integer,
	`to_user_id` integer,
	`from_queue_id` integer,
	`to_queue_id` integer,
	`by_user_id` integer,
	`whatsapp_id` integer,
	`rated` integer DEFAULT false NOT NULL,
	`rating_at` integer,
	`started_at` integer,
	`queued_at` integer,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`from_queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`to_queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_trackings_ticket_created_idx` ON `ticket_trackings` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_trackings_company_created_idx` ON `ticket_trackings` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ticket_trackings_company_to_user_created_idx` ON `ticket_trackings` (`company_id`,`to_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`company_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`contact_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`last_message` text DEFAULT '' NOT NULL,
	`unread_messages` integer DEFAULT 0 NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`chatbot` integer DEFAULT false NOT NULL,
	`queue_option_id` integer,
	`amount_used_bot_queues` integer DEFAULT 0 NOT NULL,
	`use_integration` integer DEFAULT false NOT NULL,
	`integration_id` integer,
	`prompt_id` integer,
	`typebot_session_id` text,
	`typebot_status` integer DEFAULT false NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_option_id`) REFERENCES `queue_options`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`integration_id`) REFERENCES `queue_integrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`prompt_id`) REFERENCES `prompts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_uuid_unique` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE INDEX `tickets_company_status_group_updated_idx` ON `tickets` (`company_id`,`status`,`is_group`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_queue_status_group_updated_idx` ON `tickets` (`company_id`,`queue_id`,`status`,`is_group`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_user_status_group_updated_idx` ON `tickets` (`company_id`,`user_id`,`status`,`is_group`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_company_contact_whatsapp_status_idx` ON `tickets` (`company_id`,`contact_id`,`whatsapp_id`,`status`);--> statement-breakpoint
CREATE TABLE `user_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`user_id` integer,
	`rate` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `user_ratings_company_created_idx` ON `user_ratings` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `user_ratings_user_idx` ON `user_ratings` (`user_id`);--> statement-breakpoint
CREATE INDEX `user_ratings_ticket_idx` ON `user_ratings` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wid` text NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer,
	`body` text DEFAULT '' NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`media_type` text DEFAULT 'chat' NOT NULL,
	`media_url` text,
	`media_name` text,
	`quoted_msg_id` integer,
	`ack` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`is_forwarded` integer DEFAULT false NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`sent_by_bot` integer DEFAULT false NOT NULL,
	`send_error` text,
	`participant` text,
	`data_json` text,
	`queue_id` integer,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quoted_msg_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "messages_ack_range" CHECK("messages"."ack" between 0 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_company_wid_uq` ON `messages` (`company_id`,`wid`);--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_company_created_idx` ON `messages` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quick_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`shortcode` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`geral` integer DEFAULT false NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`user_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quick_messages_company_shortcode_idx` ON `quick_messages` (`company_id`,`shortcode`);--> statement-breakpoint
CREATE INDEX `quick_messages_user_idx` ON `quick_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`send_at` integer NOT NULL,
	`sent_at` integer,
	`contact_id` integer NOT NULL,
	`ticket_id` integer,
	`user_id` integer,
	`whatsapp_id` integer,
	`status` text DEFAULT 'PENDENTE' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `schedules_status_send_at_idx` ON `schedules` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_company_send_at_idx` ON `schedules` (`company_id`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_contact_idx` ON `schedules` (`contact_id`);--> statement-breakpoint
CREATE TABLE `campaign_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_settings_company_key_uq` ON `campaign_settings` (`company_id`,`key`);--> statement-breakpoint
CREATE TABLE `campaign_shippings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`number` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`confirmation_message` text DEFAULT '' NOT NULL,
	`confirmation` integer DEFAULT false NOT NULL,
	`contact_id` integer,
	`contact_list_item_id` integer,
	`delivered_at` integer,
	`confirmation_requested_at` integer,
	`confirmed_at` integer,
	`job_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_list_item_id`) REFERENCES `contact_list_items`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shippings_campaign_number_uq` ON `campaign_shippings` (`campaign_id`,`number`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_campaign_delivered_idx` ON `campaign_shippings` (`campaign_id`,`delivered_at`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message1` text DEFAULT '' NOT NULL,
	`message2` text DEFAULT '' NOT NULL,
	`message3` text DEFAULT '' NOT NULL,
	`message4` text DEFAULT '' NOT NULL,
	`message5` text DEFAULT '' NOT NULL,
	`confirmation_message1` text DEFAULT '' NOT NULL,
	`confirmation_message2` text DEFAULT '' NOT NULL,
	`confirmation_message3` text DEFAULT '' NOT NULL,
	`confirmation_message4` text DEFAULT '' NOT NULL,
	`confirmation_message5` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'INATIVA' NOT NULL,
	`confirmation` integer DEFAULT false NOT NULL,
	`scheduled_at` integer,
	`completed_at` integer,
	`whatsapp_id` integer,
	`contact_list_id` integer,
	`tag_list_id` integer,
	`file_list_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tag_list_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`file_list_id`) REFERENCES `file_lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_status_scheduled_idx` ON `campaigns` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `campaigns_company_created_idx` ON `campaigns` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `contact_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_whatsapp_valid` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_list_items_list_number_uq` ON `contact_list_items` (`contact_list_id`,`number`);--> statement-breakpoint
CREATE INDEX `contact_list_items_list_name_idx` ON `contact_list_items` (`contact_list_id`,`name`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_lists_company_name_idx` ON `contact_lists` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`sender_id` integer,
	`message` text DEFAULT '' NOT NULL,
	`media_path` text,
	`media_name` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_chat_created_idx` ON `chat_messages` (`chat_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `chat_users` (
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`unreads` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_users_user_idx` ON `chat_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`company_id` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`owner_id` integer,
	`last_message` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_uuid_unique` ON `chats` (`uuid`);--> statement-breakpoint
CREATE INDEX `chats_company_updated_idx` ON `chats` (`company_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `file_list_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`file_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`media_type` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_list_id`) REFERENCES `file_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_list_options_list_idx` ON `file_list_options` (`file_list_id`);--> statement-breakpoint
CREATE TABLE `file_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_lists_company_name_uq` ON `file_lists` (`company_id`,`name`);--> statement-breakpoint
CREATE TABLE `external_api_requests` (
	`whatsapp_id` integer NOT NULL,
	`key` text NOT NULL,
	`company_id` integer NOT NULL,
	`request_hash` text NOT NULL,
	`state` text NOT NULL,
	`response_status` integer,
	`response_json` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `key`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `external_api_requests_expires_idx` ON `external_api_requests` (`expires_at`);