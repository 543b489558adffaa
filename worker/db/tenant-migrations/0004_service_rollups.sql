-- Daily and hourly rollups of the service episodes (ADR 0033): the
-- dashboard reads a period's whole UTC days from here and walks only its partial edge days in the episodes.
-- Kept by triggers on ticket_service_periods in the same transaction as the episode's change: an update takes the
-- old row's contribution out and puts the new one in.
CREATE TABLE `service_days` (
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`day` integer NOT NULL,
	`user_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`wait_n` integer DEFAULT 0 NOT NULL,
	`wait_sum` integer DEFAULT 0 NOT NULL,
	`first_response_n` integer DEFAULT 0 NOT NULL,
	`first_response_sum` integer DEFAULT 0 NOT NULL,
	`responded_n` integer DEFAULT 0 NOT NULL,
	`responded_sum` integer DEFAULT 0 NOT NULL,
	`resolved` integer DEFAULT 0 NOT NULL,
	`handling_n` integer DEFAULT 0 NOT NULL,
	`handling_sum` integer DEFAULT 0 NOT NULL,
	`resolution_sum` integer DEFAULT 0 NOT NULL,
	`asked` integer DEFAULT 0 NOT NULL,
	`rate1` integer DEFAULT 0 NOT NULL,
	`rate2` integer DEFAULT 0 NOT NULL,
	`rate3` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`, `user_id`, `queue_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `service_hours` (
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`resolved` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `hour`, `queue_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `service_days` (company_id, day, user_id, queue_id, started, wait_n, wait_sum, first_response_n, first_response_sum)
SELECT p.company_id, p.started_at - p.started_at % 86400000, coalesce(p.user_id, 0), coalesce(p.queue_id, 0), sum(1), sum((p.queued_at IS NOT NULL AND p.accepted_at IS NOT NULL)), sum(CASE WHEN p.queued_at IS NOT NULL AND p.accepted_at IS NOT NULL THEN p.accepted_at - p.queued_at ELSE 0 END), sum((p.queued_at IS NOT NULL AND p.first_response_at IS NOT NULL)), sum(CASE WHEN p.queued_at IS NOT NULL AND p.first_response_at IS NOT NULL THEN p.first_response_at - p.queued_at ELSE 0 END) FROM `ticket_service_periods` p WHERE true
GROUP BY p.company_id, p.started_at - p.started_at % 86400000, coalesce(p.user_id, 0), coalesce(p.queue_id, 0)
ON CONFLICT DO UPDATE SET started = started + excluded.started, wait_n = wait_n + excluded.wait_n, wait_sum = wait_sum + excluded.wait_sum, first_response_n = first_response_n + excluded.first_response_n, first_response_sum = first_response_sum + excluded.first_response_sum;
--> statement-breakpoint
INSERT INTO `service_days` (company_id, day, user_id, queue_id, responded_n, responded_sum)
SELECT p.company_id, p.started_at - p.started_at % 86400000, p.first_response_user_id, coalesce(p.queue_id, 0), sum(1), sum(p.first_response_at - p.queued_at) FROM `ticket_service_periods` p WHERE p.queued_at IS NOT NULL AND p.first_response_at IS NOT NULL AND p.first_response_user_id IS NOT NULL
GROUP BY p.company_id, p.started_at - p.started_at % 86400000, p.first_response_user_id, coalesce(p.queue_id, 0)
ON CONFLICT DO UPDATE SET responded_n = responded_n + excluded.responded_n, responded_sum = responded_sum + excluded.responded_sum;
--> statement-breakpoint
INSERT INTO `service_days` (company_id, day, user_id, queue_id, resolved, handling_n, handling_sum, resolution_sum, asked, rate1, rate2, rate3)
SELECT p.company_id, p.finished_at - p.finished_at % 86400000, coalesce(p.user_id, 0), coalesce(p.queue_id, 0), sum(1), sum((p.assigned_at IS NOT NULL)), sum(coalesce(p.finished_at - p.assigned_at, 0)), sum(p.finished_at - p.started_at), sum((p.rating_asked_at IS NOT NULL OR p.rate IS NOT NULL)), sum((p.rate IS 1)), sum((p.rate IS 2)), sum((p.rate IS 3)) FROM `ticket_service_periods` p WHERE p.finished_at IS NOT NULL
GROUP BY p.company_id, p.finished_at - p.finished_at % 86400000, coalesce(p.user_id, 0), coalesce(p.queue_id, 0)
ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved, handling_n = handling_n + excluded.handling_n, handling_sum = handling_sum + excluded.handling_sum, resolution_sum = resolution_sum + excluded.resolution_sum, asked = asked + excluded.asked, rate1 = rate1 + excluded.rate1, rate2 = rate2 + excluded.rate2, rate3 = rate3 + excluded.rate3;
--> statement-breakpoint
INSERT INTO `service_hours` (company_id, hour, queue_id, started)
SELECT p.company_id, p.started_at - p.started_at % 3600000, coalesce(p.queue_id, 0), sum(1) FROM `ticket_service_periods` p WHERE true
GROUP BY p.company_id, p.started_at - p.started_at % 3600000, coalesce(p.queue_id, 0)
ON CONFLICT DO UPDATE SET started = started + excluded.started;
--> statement-breakpoint
INSERT INTO `service_hours` (company_id, hour, queue_id, resolved)
SELECT p.company_id, p.finished_at - p.finished_at % 3600000, coalesce(p.queue_id, 0), sum(1) FROM `ticket_service_periods` p WHERE p.finished_at IS NOT NULL
GROUP BY p.company_id, p.finished_at - p.finished_at % 3600000, coalesce(p.queue_id, 0)
ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved;
--> statement-breakpoint
CREATE TRIGGER `service_rollup_after_insert` AFTER INSERT ON `ticket_service_periods` BEGIN
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, started, wait_n, wait_sum, first_response_n, first_response_sum)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.user_id, 0), coalesce(NEW.queue_id, 0), 1, (NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL), CASE WHEN NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL THEN NEW.accepted_at - NEW.queued_at ELSE 0 END, (NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL), CASE WHEN NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL THEN NEW.first_response_at - NEW.queued_at ELSE 0 END WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started, wait_n = wait_n + excluded.wait_n, wait_sum = wait_sum + excluded.wait_sum, first_response_n = first_response_n + excluded.first_response_n, first_response_sum = first_response_sum + excluded.first_response_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, responded_n, responded_sum)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 86400000, NEW.first_response_user_id, coalesce(NEW.queue_id, 0), 1, NEW.first_response_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL AND NEW.first_response_user_id IS NOT NULL
  ON CONFLICT DO UPDATE SET responded_n = responded_n + excluded.responded_n, responded_sum = responded_sum + excluded.responded_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, resolved, handling_n, handling_sum, resolution_sum, asked, rate1, rate2, rate3)
  SELECT NEW.company_id, NEW.finished_at - NEW.finished_at % 86400000, coalesce(NEW.user_id, 0), coalesce(NEW.queue_id, 0), 1, (NEW.assigned_at IS NOT NULL), coalesce(NEW.finished_at - NEW.assigned_at, 0), NEW.finished_at - NEW.started_at, (NEW.rating_asked_at IS NOT NULL OR NEW.rate IS NOT NULL), (NEW.rate IS 1), (NEW.rate IS 2), (NEW.rate IS 3) WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved, handling_n = handling_n + excluded.handling_n, handling_sum = handling_sum + excluded.handling_sum, resolution_sum = resolution_sum + excluded.resolution_sum, asked = asked + excluded.asked, rate1 = rate1 + excluded.rate1, rate2 = rate2 + excluded.rate2, rate3 = rate3 + excluded.rate3;
  INSERT INTO `service_hours` (company_id, hour, queue_id, started)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 3600000, coalesce(NEW.queue_id, 0), 1 WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started;
  INSERT INTO `service_hours` (company_id, hour, queue_id, resolved)
  SELECT NEW.company_id, NEW.finished_at - NEW.finished_at % 3600000, coalesce(NEW.queue_id, 0), 1 WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved;
END;
--> statement-breakpoint
CREATE TRIGGER `service_rollup_after_update` AFTER UPDATE ON `ticket_service_periods` BEGIN
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, started, wait_n, wait_sum, first_response_n, first_response_sum)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.user_id, 0), coalesce(OLD.queue_id, 0), -(1), -((OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL)), -(CASE WHEN OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL THEN OLD.accepted_at - OLD.queued_at ELSE 0 END), -((OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL)), -(CASE WHEN OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL THEN OLD.first_response_at - OLD.queued_at ELSE 0 END) WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started, wait_n = wait_n + excluded.wait_n, wait_sum = wait_sum + excluded.wait_sum, first_response_n = first_response_n + excluded.first_response_n, first_response_sum = first_response_sum + excluded.first_response_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, responded_n, responded_sum)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 86400000, OLD.first_response_user_id, coalesce(OLD.queue_id, 0), -(1), -(OLD.first_response_at - OLD.queued_at) WHERE OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL AND OLD.first_response_user_id IS NOT NULL
  ON CONFLICT DO UPDATE SET responded_n = responded_n + excluded.responded_n, responded_sum = responded_sum + excluded.responded_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, resolved, handling_n, handling_sum, resolution_sum, asked, rate1, rate2, rate3)
  SELECT OLD.company_id, OLD.finished_at - OLD.finished_at % 86400000, coalesce(OLD.user_id, 0), coalesce(OLD.queue_id, 0), -(1), -((OLD.assigned_at IS NOT NULL)), -(coalesce(OLD.finished_at - OLD.assigned_at, 0)), -(OLD.finished_at - OLD.started_at), -((OLD.rating_asked_at IS NOT NULL OR OLD.rate IS NOT NULL)), -((OLD.rate IS 1)), -((OLD.rate IS 2)), -((OLD.rate IS 3)) WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved, handling_n = handling_n + excluded.handling_n, handling_sum = handling_sum + excluded.handling_sum, resolution_sum = resolution_sum + excluded.resolution_sum, asked = asked + excluded.asked, rate1 = rate1 + excluded.rate1, rate2 = rate2 + excluded.rate2, rate3 = rate3 + excluded.rate3;
  INSERT INTO `service_hours` (company_id, hour, queue_id, started)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 3600000, coalesce(OLD.queue_id, 0), -(1) WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started;
  INSERT INTO `service_hours` (company_id, hour, queue_id, resolved)
  SELECT OLD.company_id, OLD.finished_at - OLD.finished_at % 3600000, coalesce(OLD.queue_id, 0), -(1) WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, started, wait_n, wait_sum, first_response_n, first_response_sum)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.user_id, 0), coalesce(NEW.queue_id, 0), 1, (NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL), CASE WHEN NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL THEN NEW.accepted_at - NEW.queued_at ELSE 0 END, (NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL), CASE WHEN NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL THEN NEW.first_response_at - NEW.queued_at ELSE 0 END WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started, wait_n = wait_n + excluded.wait_n, wait_sum = wait_sum + excluded.wait_sum, first_response_n = first_response_n + excluded.first_response_n, first_response_sum = first_response_sum + excluded.first_response_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, responded_n, responded_sum)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 86400000, NEW.first_response_user_id, coalesce(NEW.queue_id, 0), 1, NEW.first_response_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL AND NEW.first_response_user_id IS NOT NULL
  ON CONFLICT DO UPDATE SET responded_n = responded_n + excluded.responded_n, responded_sum = responded_sum + excluded.responded_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, resolved, handling_n, handling_sum, resolution_sum, asked, rate1, rate2, rate3)
  SELECT NEW.company_id, NEW.finished_at - NEW.finished_at % 86400000, coalesce(NEW.user_id, 0), coalesce(NEW.queue_id, 0), 1, (NEW.assigned_at IS NOT NULL), coalesce(NEW.finished_at - NEW.assigned_at, 0), NEW.finished_at - NEW.started_at, (NEW.rating_asked_at IS NOT NULL OR NEW.rate IS NOT NULL), (NEW.rate IS 1), (NEW.rate IS 2), (NEW.rate IS 3) WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved, handling_n = handling_n + excluded.handling_n, handling_sum = handling_sum + excluded.handling_sum, resolution_sum = resolution_sum + excluded.resolution_sum, asked = asked + excluded.asked, rate1 = rate1 + excluded.rate1, rate2 = rate2 + excluded.rate2, rate3 = rate3 + excluded.rate3;
  INSERT INTO `service_hours` (company_id, hour, queue_id, started)
  SELECT NEW.company_id, NEW.started_at - NEW.started_at % 3600000, coalesce(NEW.queue_id, 0), 1 WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started;
  INSERT INTO `service_hours` (company_id, hour, queue_id, resolved)
  SELECT NEW.company_id, NEW.finished_at - NEW.finished_at % 3600000, coalesce(NEW.queue_id, 0), 1 WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved;
END;
--> statement-breakpoint
CREATE TRIGGER `service_rollup_after_delete` AFTER DELETE ON `ticket_service_periods` BEGIN
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, started, wait_n, wait_sum, first_response_n, first_response_sum)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.user_id, 0), coalesce(OLD.queue_id, 0), -(1), -((OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL)), -(CASE WHEN OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL THEN OLD.accepted_at - OLD.queued_at ELSE 0 END), -((OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL)), -(CASE WHEN OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL THEN OLD.first_response_at - OLD.queued_at ELSE 0 END) WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started, wait_n = wait_n + excluded.wait_n, wait_sum = wait_sum + excluded.wait_sum, first_response_n = first_response_n + excluded.first_response_n, first_response_sum = first_response_sum + excluded.first_response_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, responded_n, responded_sum)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 86400000, OLD.first_response_user_id, coalesce(OLD.queue_id, 0), -(1), -(OLD.first_response_at - OLD.queued_at) WHERE OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL AND OLD.first_response_user_id IS NOT NULL
  ON CONFLICT DO UPDATE SET responded_n = responded_n + excluded.responded_n, responded_sum = responded_sum + excluded.responded_sum;
  INSERT INTO `service_days` (company_id, day, user_id, queue_id, resolved, handling_n, handling_sum, resolution_sum, asked, rate1, rate2, rate3)
  SELECT OLD.company_id, OLD.finished_at - OLD.finished_at % 86400000, coalesce(OLD.user_id, 0), coalesce(OLD.queue_id, 0), -(1), -((OLD.assigned_at IS NOT NULL)), -(coalesce(OLD.finished_at - OLD.assigned_at, 0)), -(OLD.finished_at - OLD.started_at), -((OLD.rating_asked_at IS NOT NULL OR OLD.rate IS NOT NULL)), -((OLD.rate IS 1)), -((OLD.rate IS 2)), -((OLD.rate IS 3)) WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved, handling_n = handling_n + excluded.handling_n, handling_sum = handling_sum + excluded.handling_sum, resolution_sum = resolution_sum + excluded.resolution_sum, asked = asked + excluded.asked, rate1 = rate1 + excluded.rate1, rate2 = rate2 + excluded.rate2, rate3 = rate3 + excluded.rate3;
  INSERT INTO `service_hours` (company_id, hour, queue_id, started)
  SELECT OLD.company_id, OLD.started_at - OLD.started_at % 3600000, coalesce(OLD.queue_id, 0), -(1) WHERE true
  ON CONFLICT DO UPDATE SET started = started + excluded.started;
  INSERT INTO `service_hours` (company_id, hour, queue_id, resolved)
  SELECT OLD.company_id, OLD.finished_at - OLD.finished_at % 3600000, coalesce(OLD.queue_id, 0), -(1) WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET resolved = resolved + excluded.resolved;
END;
