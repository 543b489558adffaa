-- Durations per UTC day, queue and bucket (ADR 0034): the dashboard finds the bucket holding a period's median from
-- here and walks only that bucket's entries in the duration's index, instead of every entry below the median.
-- kind 1: resolution (finished_at - started_at, on the close's day); 2: wait (accepted_at - queued_at) and
-- 3: first response (first_response_at - queued_at), on the start's day. A bucket is a duration's decimal length
-- and its first two digits (length * 100 + digits; under 10 ms: 0), so buckets follow the durations' order and each
-- spans a tenth of its start or less. `lo` and `hi` bound the durations a row has counted: a removal leaves them
-- (still bounds, perhaps loose), so a bucket whose bounds meet holds one value and needs no walk. Kept by
-- triggers on ticket_service_periods, as the rollups of 0004 are.
CREATE TABLE `service_durations` (
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`kind` integer NOT NULL,
	`day` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`lo` integer NOT NULL,
	`hi` integer NOT NULL,
	PRIMARY KEY(`company_id`, `kind`, `day`, `queue_id`, `bucket`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
SELECT p.company_id, 1, p.finished_at - p.finished_at % 86400000, coalesce(p.queue_id, 0), CASE WHEN (p.finished_at - p.started_at) < 10 THEN 0 ELSE length((p.finished_at - p.started_at)) * 100 + CAST(substr((p.finished_at - p.started_at), 1, 2) AS INTEGER) END, count(*), min(p.finished_at - p.started_at), max(p.finished_at - p.started_at)
FROM `ticket_service_periods` p WHERE p.finished_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
SELECT p.company_id, 2, p.started_at - p.started_at % 86400000, coalesce(p.queue_id, 0), CASE WHEN (p.accepted_at - p.queued_at) < 10 THEN 0 ELSE length((p.accepted_at - p.queued_at)) * 100 + CAST(substr((p.accepted_at - p.queued_at), 1, 2) AS INTEGER) END, count(*), min(p.accepted_at - p.queued_at), max(p.accepted_at - p.queued_at)
FROM `ticket_service_periods` p WHERE p.queued_at IS NOT NULL AND p.accepted_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
SELECT p.company_id, 3, p.started_at - p.started_at % 86400000, coalesce(p.queue_id, 0), CASE WHEN (p.first_response_at - p.queued_at) < 10 THEN 0 ELSE length((p.first_response_at - p.queued_at)) * 100 + CAST(substr((p.first_response_at - p.queued_at), 1, 2) AS INTEGER) END, count(*), min(p.first_response_at - p.queued_at), max(p.first_response_at - p.queued_at)
FROM `ticket_service_periods` p WHERE p.queued_at IS NOT NULL AND p.first_response_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER `service_durations_after_insert` AFTER INSERT ON `ticket_service_periods` BEGIN
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 1, NEW.finished_at - NEW.finished_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.finished_at - NEW.started_at) < 10 THEN 0 ELSE length((NEW.finished_at - NEW.started_at)) * 100 + CAST(substr((NEW.finished_at - NEW.started_at), 1, 2) AS INTEGER) END, 1, NEW.finished_at - NEW.started_at, NEW.finished_at - NEW.started_at WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 2, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.accepted_at - NEW.queued_at) < 10 THEN 0 ELSE length((NEW.accepted_at - NEW.queued_at)) * 100 + CAST(substr((NEW.accepted_at - NEW.queued_at), 1, 2) AS INTEGER) END, 1, NEW.accepted_at - NEW.queued_at, NEW.accepted_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 3, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.first_response_at - NEW.queued_at) < 10 THEN 0 ELSE length((NEW.first_response_at - NEW.queued_at)) * 100 + CAST(substr((NEW.first_response_at - NEW.queued_at), 1, 2) AS INTEGER) END, 1, NEW.first_response_at - NEW.queued_at, NEW.first_response_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
END;
--> statement-breakpoint
CREATE TRIGGER `service_durations_after_update` AFTER UPDATE ON `ticket_service_periods` BEGIN
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 1, OLD.finished_at - OLD.finished_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.finished_at - OLD.started_at) < 10 THEN 0 ELSE length((OLD.finished_at - OLD.started_at)) * 100 + CAST(substr((OLD.finished_at - OLD.started_at), 1, 2) AS INTEGER) END, -1, OLD.finished_at - OLD.started_at, OLD.finished_at - OLD.started_at WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 2, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.accepted_at - OLD.queued_at) < 10 THEN 0 ELSE length((OLD.accepted_at - OLD.queued_at)) * 100 + CAST(substr((OLD.accepted_at - OLD.queued_at), 1, 2) AS INTEGER) END, -1, OLD.accepted_at - OLD.queued_at, OLD.accepted_at - OLD.queued_at WHERE OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 3, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.first_response_at - OLD.queued_at) < 10 THEN 0 ELSE length((OLD.first_response_at - OLD.queued_at)) * 100 + CAST(substr((OLD.first_response_at - OLD.queued_at), 1, 2) AS INTEGER) END, -1, OLD.first_response_at - OLD.queued_at, OLD.first_response_at - OLD.queued_at WHERE OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 1, NEW.finished_at - NEW.finished_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.finished_at - NEW.started_at) < 10 THEN 0 ELSE length((NEW.finished_at - NEW.started_at)) * 100 + CAST(substr((NEW.finished_at - NEW.started_at), 1, 2) AS INTEGER) END, 1, NEW.finished_at - NEW.started_at, NEW.finished_at - NEW.started_at WHERE NEW.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 2, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.accepted_at - NEW.queued_at) < 10 THEN 0 ELSE length((NEW.accepted_at - NEW.queued_at)) * 100 + CAST(substr((NEW.accepted_at - NEW.queued_at), 1, 2) AS INTEGER) END, 1, NEW.accepted_at - NEW.queued_at, NEW.accepted_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.accepted_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT NEW.company_id, 3, NEW.started_at - NEW.started_at % 86400000, coalesce(NEW.queue_id, 0), CASE WHEN (NEW.first_response_at - NEW.queued_at) < 10 THEN 0 ELSE length((NEW.first_response_at - NEW.queued_at)) * 100 + CAST(substr((NEW.first_response_at - NEW.queued_at), 1, 2) AS INTEGER) END, 1, NEW.first_response_at - NEW.queued_at, NEW.first_response_at - NEW.queued_at WHERE NEW.queued_at IS NOT NULL AND NEW.first_response_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
END;
--> statement-breakpoint
CREATE TRIGGER `service_durations_after_delete` AFTER DELETE ON `ticket_service_periods` BEGIN
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 1, OLD.finished_at - OLD.finished_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.finished_at - OLD.started_at) < 10 THEN 0 ELSE length((OLD.finished_at - OLD.started_at)) * 100 + CAST(substr((OLD.finished_at - OLD.started_at), 1, 2) AS INTEGER) END, -1, OLD.finished_at - OLD.started_at, OLD.finished_at - OLD.started_at WHERE OLD.finished_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 2, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.accepted_at - OLD.queued_at) < 10 THEN 0 ELSE length((OLD.accepted_at - OLD.queued_at)) * 100 + CAST(substr((OLD.accepted_at - OLD.queued_at), 1, 2) AS INTEGER) END, -1, OLD.accepted_at - OLD.queued_at, OLD.accepted_at - OLD.queued_at WHERE OLD.queued_at IS NOT NULL AND OLD.accepted_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
  INSERT INTO `service_durations` (company_id, kind, day, queue_id, bucket, n, lo, hi)
  SELECT OLD.company_id, 3, OLD.started_at - OLD.started_at % 86400000, coalesce(OLD.queue_id, 0), CASE WHEN (OLD.first_response_at - OLD.queued_at) < 10 THEN 0 ELSE length((OLD.first_response_at - OLD.queued_at)) * 100 + CAST(substr((OLD.first_response_at - OLD.queued_at), 1, 2) AS INTEGER) END, -1, OLD.first_response_at - OLD.queued_at, OLD.first_response_at - OLD.queued_at WHERE OLD.queued_at IS NOT NULL AND OLD.first_response_at IS NOT NULL
  ON CONFLICT DO UPDATE SET n = n + excluded.n, lo = min(lo, excluded.lo), hi = max(hi, excluded.hi);
END;
