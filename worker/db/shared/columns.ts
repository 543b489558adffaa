import { integer } from "drizzle-orm/sqlite-core";

// Shared column builders. Functions (not shared builder objects) so that every table gets
// fresh builders. Times are stored in UTC as epoch milliseconds.

/** `id integer primary key autoincrement` (AUTOINCREMENT: ids are never reused). */
export const id = () => integer("id").primaryKey({ autoIncrement: true });

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Random v4 uuid for public identifiers (tickets, chats). */
export const newUuid = () => crypto.randomUUID();
