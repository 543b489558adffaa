CREATE TABLE `pending_tenant_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`table_name` text NOT NULL,
	`row` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_tenant_rows_company_idx` ON `pending_tenant_rows` (`company_id`);