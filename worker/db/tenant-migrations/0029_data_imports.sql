CREATE TABLE `data_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`source_kind` text NOT NULL,
	`source_company_id` integer NOT NULL,
	`source_fingerprint` text NOT NULL,
	`id_offset` integer NOT NULL,
	`tables` text NOT NULL,
	`started_by` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `data_imports_company_source_idx` ON `data_imports` (`company_id`,`source_fingerprint`);