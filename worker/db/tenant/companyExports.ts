import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { COMPANY_EXPORT_STATES, type CompanyExportCursor, type CompanyExportTableProgress } from "../../contracts/companyExports";
import { createdAt, id } from "../shared/columns";
import { companyId } from "../shared/companyId";

/**
 * The company's exports (issue 27 §3): each one writes the company archive (docs/company-archive.md) to R2 in slices
 * from the hub's alarm. The row is the export's whole state between slices: where it stands (`cursor`), the R2
 * multipart upload and its parts so far, and its progress. Who asked is copied (a super admin is no user here).
 */
export const companyExports = sqliteTable(
  "company_exports",
  {
    id: id(),
    companyId: companyId(),
    requestedById: integer("requested_by_id"),
    requestedByName: text("requested_by_name"),
    /** True when a super admin asked from the platform. */
    requestedBySuper: integer("requested_by_super", { mode: "boolean" }).notNull().default(false),
    state: text("state", { enum: COMPANY_EXPORT_STATES }).notNull().default("queued"),
    /** Per table: rows counted at the start, lines written so far. */
    progress: text("progress", { mode: "json" }).$type<CompanyExportTableProgress[]>().notNull().default([]),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total").notNull().default(0),
    /** The archive's bytes written so far (its size once done). */
    bytes: integer("bytes").notNull().default(0),
    r2Key: text("r2_key"),
    uploadId: text("upload_id"),
    /** The multipart upload's parts so far, in order. */
    parts: text("parts", { mode: "json" }).$type<{ partNumber: number; etag: string }[]>().notNull().default([]),
    cursor: text("cursor", { mode: "json" }).$type<CompanyExportCursor | null>(),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /** When the archive and its download link expire (24 hours after it is done). */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("company_exports_company_id_idx").on(t.companyId, t.id), index("company_exports_company_state_idx").on(t.companyId, t.state)],
);
export type CompanyExportRow = typeof companyExports.$inferSelect;
