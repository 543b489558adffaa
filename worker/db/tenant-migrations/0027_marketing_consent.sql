CREATE TABLE `contact_consent_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`state` text NOT NULL,
	`how` text NOT NULL,
	`user_id` integer,
	`detail` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_consent_changes_contact_idx` ON `contact_consent_changes` (`contact_id`,`at`);--> statement-breakpoint
ALTER TABLE `queue_options` ADD `marketing_consent` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `marketing_consent` text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `marketing_consent_at` integer;--> statement-breakpoint
ALTER TABLE `contacts` ADD `marketing_consent_how` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `marketing_consent_by` integer;--> statement-breakpoint
CREATE INDEX `contacts_company_consent_idx` ON `contacts` (`company_id`,`marketing_consent`);--> statement-breakpoint
ALTER TABLE `schedules` ADD `marketing` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Opt-outs by number move to the contacts' consent (issue 28): a number with a contact revokes that contact's consent
-- (how from the word: Meta's 131050 or an opt-out word), with one history row; the row leaves campaign_opt_outs.
-- Numbers with no contact stay there and are hashed on the hub's wake (domain/consent/hashPlainOptOuts.ts: SQLite has
-- no SHA-256); hashed rows (erased contacts) stay as they are.
INSERT INTO `sqlite_sequence` (`name`, `seq`)
  SELECT 'contact_consent_changes', (`id` - 1) * 1000000000 FROM `companies`
  WHERE NOT EXISTS (SELECT 1 FROM `sqlite_sequence` WHERE `name` = 'contact_consent_changes')
    AND EXISTS (SELECT 1 FROM `campaign_opt_outs`)
  ORDER BY `id` LIMIT 1;--> statement-breakpoint
UPDATE `contacts` SET
  `marketing_consent` = 'revoked',
  `marketing_consent_at` = (SELECT o.`created_at` FROM `campaign_opt_outs` o WHERE o.`company_id` = `contacts`.`company_id` AND o.`number` = `contacts`.`number`),
  `marketing_consent_how` = (SELECT CASE o.`word` WHEN '131050' THEN 'cloud131050' ELSE 'stopWord' END FROM `campaign_opt_outs` o WHERE o.`company_id` = `contacts`.`company_id` AND o.`number` = `contacts`.`number`)
  WHERE EXISTS (SELECT 1 FROM `campaign_opt_outs` o WHERE o.`company_id` = `contacts`.`company_id` AND o.`number` = `contacts`.`number`);--> statement-breakpoint
INSERT INTO `contact_consent_changes` (`company_id`, `contact_id`, `state`, `how`, `detail`, `at`)
  SELECT c.`company_id`, c.`id`, 'revoked', CASE o.`word` WHEN '131050' THEN 'cloud131050' ELSE 'stopWord' END, CASE o.`word` WHEN '131050' THEN '' ELSE o.`word` END, o.`created_at`
  FROM `campaign_opt_outs` o JOIN `contacts` c ON c.`company_id` = o.`company_id` AND c.`number` = o.`number`;--> statement-breakpoint
DELETE FROM `campaign_opt_outs` WHERE EXISTS (SELECT 1 FROM `contacts` c WHERE c.`company_id` = `campaign_opt_outs`.`company_id` AND c.`number` = `campaign_opt_outs`.`number`);
