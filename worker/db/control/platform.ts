import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The platform's logos (Logo tab), one row per kind; the file is in R2 at `platform/logos/<kind>`. */
export const platformLogos = sqliteTable("platform_logos", {
  /** light, dark or favicon (worker/domain/logos/catalogue.ts). */
  kind: text("kind").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  /** When the file was last replaced (ms): part of its public URL, so a new upload is a new URL. */
  version: integer("version").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

export type PlatformLogo = typeof platformLogos.$inferSelect;
