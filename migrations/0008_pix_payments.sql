-- Pix payments already applied (ADR 0026): one row per endToEndId, so a repeated or replayed webhook changes nothing.
CREATE TABLE `pix_payments` (
	`end_to_end_id` text PRIMARY KEY NOT NULL,
	`invoice_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`tx_id` text NOT NULL,
	`amount` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pix_payments_invoice_idx` ON `pix_payments` (`invoice_id`);
