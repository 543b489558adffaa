-- Full-text search (FTS5, external content: the index stores no copy of the text).
-- messages_fts indexes messages.body (rowid = messages.id); contacts_fts indexes contacts.name, number, email
-- (rowid = contacts.id). Triggers keep both in sync; UPDATE triggers fire only when an indexed column changes,
-- so ack, read and presence updates cost nothing here.
-- Query: SELECT m.* FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
--        WHERE messages_fts MATCH ? AND m.company_id = ? ORDER BY messages_fts.rank
-- A later migration that recreates messages or contacts (drizzle-kit table rebuild) drops these triggers and
-- must create them again, then run the rebuild command below.
CREATE VIRTUAL TABLE `messages_fts` USING fts5(
	body,
	content='messages',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages`
BEGIN
	INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages`
BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF body ON `messages`
BEGIN
	INSERT INTO messages_fts(messages_fts, rowid, body) VALUES ('delete', old.id, old.body);
	INSERT INTO messages_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(
	name,
	number,
	email,
	content='contacts',
	content_rowid='id',
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_after_insert` AFTER INSERT ON `contacts`
BEGIN
	INSERT INTO contacts_fts(rowid, name, number, email) VALUES (new.id, new.name, new.number, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_after_delete` AFTER DELETE ON `contacts`
BEGIN
	INSERT INTO contacts_fts(contacts_fts, rowid, name, number, email) VALUES ('delete', old.id, old.name, old.number, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_after_update` AFTER UPDATE OF name, number, email ON `contacts`
BEGIN
	INSERT INTO contacts_fts(contacts_fts, rowid, name, number, email) VALUES ('delete', old.id, old.name, old.number, old.email);
	INSERT INTO contacts_fts(rowid, name, number, email) VALUES (new.id, new.name, new.number, new.email);
END;
--> statement-breakpoint
INSERT INTO contacts_fts(contacts_fts) VALUES ('rebuild');
