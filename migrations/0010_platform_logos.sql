CREATE TABLE `platform_logos` (
	`kind` text PRIMARY KEY NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL
);
