CREATE TABLE `session_hosts` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`capacity` integer NOT NULL,
	`running` integer DEFAULT 0 NOT NULL,
	`draining` integer DEFAULT false NOT NULL,
	`memory_mb` integer,
	`version` text,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `session_hosts_heartbeat_idx` ON `session_hosts` (`heartbeat_at`);