import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";

/** Where one table of an import stands: rows inserted so far, and the source's position after the last batch. */
export type DataImportTableState = { rows: number; lastKey: string | number | null };

/**
 * An import into this company (issue 27, docs/company-archive.md): from which source (a ZapDesk archive or a
 * legacy database, named by its fingerprint), the id offset fixed when it was opened, and per table how far it got,
 * so a second run of the importer continues where the first stopped. Never exported (the archive leaves it out).
 */
export const dataImports = sqliteTable(
  "data_imports",
  {
    id: id(),
    companyId: companyId(),
    sourceKind: text("source_kind", { enum: ["zapdesk", "ticketz", "whaticket-saas"] }).notNull(),
    sourceCompanyId: integer("source_company_id").notNull(),
    sourceFingerprint: text("source_fingerprint").notNull(),
    /** `new id = idRangeStart(company) + offset + (old - sourceBase)`, fixed once. */
    idOffset: integer("id_offset").notNull(),
    tables: text("tables", { mode: "json" }).$type<Record<string, DataImportTableState>>().notNull(),
    /** Opened to carry the Baileys sessions (legacy sources only): whatsapp_session_keys rows are taken. */
    carrySessions: integer("carry_sessions", { mode: "boolean" }).notNull().default(false),
    /** Who opened it (a platform admin, by id and name: they live in the platform company). */
    startedBy: text("started_by"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    ...timestamps(),
  },
  (t) => [index("data_imports_company_source_idx").on(t.companyId, t.sourceFingerprint)],
);
export type DataImportRow = typeof dataImports.$inferSelect;
