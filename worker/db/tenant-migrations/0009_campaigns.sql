ALTER TABLE `campaigns` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `last_sent_at` integer;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `media_type` text;--> statement-breakpoint
CREATE INDEX `campaigns_company_status_idx` ON `campaigns` (`company_id`,`status`);--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `status` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `variables` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `message_id` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `ticket_id` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `opted_out_at` integer;--> statement-breakpoint
ALTER TABLE `campaign_shippings` ADD `error` text;--> statement-breakpoint
CREATE INDEX `campaign_shippings_campaign_status_idx` ON `campaign_shippings` (`campaign_id`,`status`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_message_idx` ON `campaign_shippings` (`message_id`);--> statement-breakpoint
CREATE INDEX `campaign_shippings_company_number_idx` ON `campaign_shippings` (`company_id`,`number`);--> statement-breakpoint
CREATE TABLE `campaign_paces` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`next_at` integer NOT NULL,
	`since_pause` integer DEFAULT 0 NOT NULL,
	`day` text DEFAULT '' NOT NULL,
	`day_count` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`campaign_id` integer NOT NULL,
	`shipping_id` integer NOT NULL,
	`kind` text NOT NULL,
	`gap_ms` integer DEFAULT 0 NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_sends_whatsapp_at_idx` ON `campaign_sends` (`whatsapp_id`,`at`);--> statement-breakpoint
CREATE INDEX `campaign_sends_campaign_idx` ON `campaign_sends` (`campaign_id`);--> statement-breakpoint
CREATE TABLE `campaign_opt_outs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`number` text NOT NULL,
	`word` text NOT NULL,
	`campaign_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_opt_outs_company_number_uq` ON `campaign_opt_outs` (`company_id`,`number`);
