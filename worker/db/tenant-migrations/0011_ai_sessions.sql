CREATE TABLE `typebot_sessions` (
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`integration_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`choices` text DEFAULT '[]' NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`company_id`, `ticket_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
