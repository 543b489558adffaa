ALTER TABLE `prompts` ADD `api_key_hint` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `prompts` ADD `base_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `prompts` ADD `model` text DEFAULT 'gpt-4o-mini' NOT NULL;--> statement-breakpoint
ALTER TABLE `queue_integrations` ADD `secret` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE `prompt_usage` (
	`company_id` integer NOT NULL,
	`prompt_id` integer NOT NULL,
	`calls` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `prompt_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
