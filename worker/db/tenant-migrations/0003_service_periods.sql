CREATE TABLE `message_hours` (
	`company_id` integer NOT NULL,
	`hour` integer NOT NULL,
	`inbound` integer DEFAULT 0 NOT NULL,
	`outbound` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `hour`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ticket_service_periods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer,
	`queue_id` integer,
	`user_id` integer,
	`started_at` integer NOT NULL,
	`queued_at` integer,
	`accepted_at` integer,
	`accepted_user_id` integer,
	`assigned_at` integer,
	`first_response_at` integer,
	`first_response_user_id` integer,
	`transfers` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	`rating_asked_at` integer,
	`rate` integer,
	`rated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`first_response_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `service_periods_ticket_idx` ON `ticket_service_periods` (`ticket_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `service_periods_company_started_idx` ON `ticket_service_periods` (`company_id`,`started_at`,`queued_at`,`accepted_at`,`first_response_at`,`first_response_user_id`,`queue_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `service_periods_company_finished_idx` ON `ticket_service_periods` (`company_id`,`finished_at`,`user_id`,`started_at`,`assigned_at`,`rate`,`rating_asked_at`,`queue_id`);--> statement-breakpoint
CREATE INDEX `service_periods_company_user_finished_idx` ON `ticket_service_periods` (`company_id`,`user_id`,`finished_at`,`assigned_at`,`started_at`,`rate`,`rating_asked_at`,`queue_id`);--> statement-breakpoint
CREATE INDEX `service_periods_company_responder_started_idx` ON `ticket_service_periods` (`company_id`,`first_response_user_id`,`started_at`,`queued_at`,`first_response_at`,`queue_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `contacts_company_created_idx` ON `contacts` (`company_id`,`created_at`);--> statement-breakpoint
-- Service episodes (ADR 0024): kept by these triggers in the same transaction as the row that changes them, so
-- every write path (agents, the chatbot, the automation, the external API, bulk moves) keeps them without knowing.
-- An ongoing ticket's transition updates its unfinished episode (SET reads the row's values before the update); a
-- ticket created or reopened (from no status or closed) starts one.
CREATE TRIGGER `service_periods_after_tracking` AFTER INSERT ON `ticket_trackings`
-- A kanban move (ADR 0023) changes no status, owner or queue: it is no part of an episode.
WHEN new.to_status IS NOT NULL AND new.action <> 'kanban'
BEGIN
	UPDATE ticket_service_periods SET
		queue_id = CASE WHEN new.to_status = 'closed' THEN coalesce(new.to_queue_id, queue_id) ELSE new.to_queue_id END,
		user_id = CASE WHEN new.to_status = 'closed' THEN coalesce(new.to_user_id, user_id) ELSE new.to_user_id END,
		queued_at = coalesce(queued_at, CASE WHEN new.to_status = 'pending' THEN new.created_at END),
		accepted_at = coalesce(accepted_at, CASE WHEN new.to_status = 'open' AND new.to_user_id IS NOT NULL THEN new.created_at END),
		accepted_user_id = CASE WHEN accepted_at IS NULL AND new.to_status = 'open' THEN new.to_user_id ELSE accepted_user_id END,
		assigned_at = CASE WHEN new.to_user_id IS NULL THEN NULL WHEN user_id IS new.to_user_id THEN assigned_at ELSE new.created_at END,
		transfers = transfers + (new.action = 'transfer'),
		finished_at = CASE WHEN new.to_status = 'closed' THEN new.created_at END
	WHERE ticket_id = new.ticket_id AND finished_at IS NULL AND new.from_status IS NOT NULL AND new.from_status <> 'closed';
	INSERT INTO ticket_service_periods (company_id, ticket_id, contact_id, queue_id, user_id, started_at, queued_at, accepted_at, accepted_user_id, assigned_at)
	SELECT new.company_id, new.ticket_id, (SELECT contact_id FROM tickets WHERE id = new.ticket_id), new.to_queue_id, new.to_user_id, new.created_at,
		CASE WHEN new.to_status = 'pending' THEN new.created_at END,
		CASE WHEN new.to_status = 'open' AND new.to_user_id IS NOT NULL THEN new.created_at END,
		CASE WHEN new.to_status = 'open' THEN new.to_user_id END,
		CASE WHEN new.to_user_id IS NOT NULL THEN new.created_at END
	WHERE new.to_status <> 'closed'
		AND NOT EXISTS (SELECT 1 FROM ticket_service_periods WHERE ticket_id = new.ticket_id AND finished_at IS NULL);
END;
--> statement-breakpoint
-- The chatbot puts a ticket in a queue without a history row: the episode follows the ticket's queue.
CREATE TRIGGER `service_periods_after_ticket_queue` AFTER UPDATE OF queue_id ON `tickets`
WHEN new.queue_id IS NOT old.queue_id
BEGIN
	UPDATE ticket_service_periods SET queue_id = new.queue_id WHERE ticket_id = new.id AND finished_at IS NULL;
END;
--> statement-breakpoint
-- The first message an agent typed in the episode (the bot's and automatic messages have no user_id and sent_by_bot = 1).
-- Matched by time, so history written before its messages (an import, the demo's seed) finds its episode too.
-- A close keeps the agent and queue the episode had when its history row leaves them out.
CREATE TRIGGER `service_periods_after_agent_message` AFTER INSERT ON `messages`
WHEN new.from_me = 1 AND new.sent_by_bot = 0 AND new.is_private = 0 AND new.user_id IS NOT NULL
BEGIN
	UPDATE ticket_service_periods SET first_response_at = new.created_at, first_response_user_id = new.user_id
	WHERE ticket_id = new.ticket_id AND started_at <= new.created_at AND (finished_at IS NULL OR finished_at >= new.created_at)
		AND (first_response_at IS NULL OR first_response_at > new.created_at);
END;
--> statement-breakpoint
-- The rating prompt (sent after the close) belongs to the ticket's latest episode.
CREATE TRIGGER `service_periods_after_rating_prompt` AFTER INSERT ON `messages`
WHEN new.sent_by_bot = 1 AND new.data_json = '{"bot":"rating"}'
BEGIN
	UPDATE ticket_service_periods SET rating_asked_at = coalesce(rating_asked_at, new.created_at)
	WHERE id = (SELECT max(id) FROM ticket_service_periods WHERE ticket_id = new.ticket_id);
END;
--> statement-breakpoint
CREATE TRIGGER `service_periods_after_rating` AFTER INSERT ON `user_ratings`
BEGIN
	UPDATE ticket_service_periods SET rate = new.rate, rated_at = new.created_at
	WHERE id = (SELECT max(id) FROM ticket_service_periods WHERE ticket_id = new.ticket_id);
END;
--> statement-breakpoint
-- Backfill: the history recorded before this migration is replayed through the trigger above, in order.
CREATE TABLE `_tracking_replay` AS SELECT * FROM `ticket_trackings`;
--> statement-breakpoint
DELETE FROM `ticket_trackings`;
--> statement-breakpoint
INSERT INTO `ticket_trackings` SELECT * FROM `_tracking_replay` ORDER BY `id`;
--> statement-breakpoint
DROP TABLE `_tracking_replay`;
--> statement-breakpoint
UPDATE `ticket_service_periods` AS p SET (first_response_at, first_response_user_id) = (
	SELECT m.created_at, m.user_id FROM messages m
	WHERE m.ticket_id = p.ticket_id AND m.from_me = 1 AND m.sent_by_bot = 0 AND m.is_private = 0 AND m.user_id IS NOT NULL
		AND m.created_at >= p.started_at AND (p.finished_at IS NULL OR m.created_at <= p.finished_at)
	ORDER BY m.created_at LIMIT 1);
--> statement-breakpoint
UPDATE `ticket_service_periods` AS p SET rating_asked_at = (
	SELECT min(m.created_at) FROM messages m
	WHERE m.ticket_id = p.ticket_id AND m.sent_by_bot = 1 AND m.data_json = '{"bot":"rating"}' AND m.created_at >= p.finished_at
		AND m.created_at < coalesce((SELECT min(n.started_at) FROM ticket_service_periods n WHERE n.ticket_id = p.ticket_id AND n.id > p.id), 9e15))
WHERE p.finished_at IS NOT NULL;
--> statement-breakpoint
UPDATE `ticket_service_periods` AS p SET (rate, rated_at) = (
	SELECT r.rate, r.created_at FROM user_ratings r
	WHERE r.ticket_id = p.ticket_id AND r.created_at >= p.finished_at
		AND r.created_at < coalesce((SELECT min(n.started_at) FROM ticket_service_periods n WHERE n.ticket_id = p.ticket_id AND n.id > p.id), 9e15)
	ORDER BY r.created_at DESC LIMIT 1)
WHERE p.finished_at IS NOT NULL;
--> statement-breakpoint
-- Messages per UTC hour for the heat map (two statements: an upsert inside a trigger is not portable across SQLite builds).
CREATE TRIGGER `message_hours_after_message` AFTER INSERT ON `messages`
BEGIN
	INSERT OR IGNORE INTO message_hours (company_id, hour, inbound, outbound) VALUES (new.company_id, new.created_at - new.created_at % 3600000, 0, 0);
	UPDATE message_hours SET inbound = inbound + (new.from_me = 0), outbound = outbound + (new.from_me = 1)
	WHERE company_id = new.company_id AND hour = new.created_at - new.created_at % 3600000;
END;
--> statement-breakpoint
INSERT INTO `message_hours` (company_id, hour, inbound, outbound)
SELECT company_id, created_at - created_at % 3600000, sum(from_me = 0), sum(from_me = 1) FROM messages GROUP BY 1, 2;
--> statement-breakpoint
-- Medians without a sort (ADR 0024): each duration in order, per company (and per agent for handling), with the
-- columns the period and the filters read, so `order by <duration> limit 1 offset (n-1)/2` walks one index.
-- Expression indexes drizzle-kit does not model: kept here, and named in the queries (INDEXED BY); the queries write
-- the period's and filters' terms as `+column` so the planner walks the index in order instead of skip-scanning it.
CREATE INDEX `service_periods_resolution_idx` ON `ticket_service_periods` (`company_id`, (`finished_at` - `started_at`), `finished_at`, `started_at`, `queue_id`, `user_id`);
--> statement-breakpoint
CREATE INDEX `service_periods_handling_idx` ON `ticket_service_periods` (`company_id`, `user_id`, (`finished_at` - `assigned_at`), `finished_at`, `assigned_at`, `queue_id`);
--> statement-breakpoint
CREATE INDEX `service_periods_wait_idx` ON `ticket_service_periods` (`company_id`, (`accepted_at` - `queued_at`), `started_at`, `accepted_at`, `queued_at`, `queue_id`, `user_id`);
--> statement-breakpoint
CREATE INDEX `service_periods_first_response_idx` ON `ticket_service_periods` (`company_id`, (`first_response_at` - `queued_at`), `started_at`, `first_response_at`, `queued_at`, `queue_id`, `user_id`);
