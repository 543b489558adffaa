-- Issue 31: a campaign's send is not a conversation until the contact answers. The tickets campaigns opened closed
-- at once, holding nothing but what the campaign sent (no word from the contact, nothing an agent typed), leave the
-- lists; the contact's answer reopens one as pending, as before.
ALTER TABLE `tickets` ADD `outreach` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `tickets` SET `outreach` = 1
WHERE `status` = 'closed'
	AND `id` IN (SELECT m.`ticket_id` FROM `messages` m JOIN `campaign_shippings` s ON s.`message_id` = m.`id`)
	AND NOT EXISTS (SELECT 1 FROM `messages` m WHERE m.`ticket_id` = `tickets`.`id` AND (m.`from_me` = 0 OR m.`user_id` IS NOT NULL));
