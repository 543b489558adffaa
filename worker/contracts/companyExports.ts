import { z } from "zod";
import { platformId } from "./ids";

/** Issue 27 §3: a company's export, the company archive (docs/company-archive.md) written in slices by its hub. */
export const COMPANY_EXPORT_STATES = ["queued", "running", "done", "failed"] as const;
export type CompanyExportState = (typeof COMPANY_EXPORT_STATES)[number];

/** One exported table's progress: rows counted at the start, lines written, and its JSON lines' size in R2. */
export interface CompanyExportTableProgress {
  name: string;
  rows: number;
  lines: number;
  bytes: number;
  /** The temporary objects its lines were written to, in order (one per slice). */
  chunks: number;
}

/**
 * Where an export stands between slices. `tables`: each table's rows, by rowid, written as JSON lines to temporary
 * R2 objects (a table's size must be known before its tar header). `media`: the company's files listed and counted
 * (for the manifest, which comes first). `archive`: the archive's entries appended in order to the multipart upload:
 * the manifest, each table from its temporary objects, each file; `carry` is the upload's bytes not yet a part.
 */
export type CompanyExportCursor =
  | { stage: "tables"; table: number; lastRowid: number }
  | { stage: "media"; after: string | null; files: number; bytes: number }
  | {
      stage: "archive";
      files: number;
      mediaBytes: number;
      /** -1: the manifest; 0..n-1: the tables; n: the media files; n + 1: the end. */
      entry: number;
      /** Inside a table: the next temporary object. */
      chunk: number;
      /** The media file being copied, and how many of its bytes are in already (null: the next file's header). */
      file: { key: string; size: number; offset: number } | null;
      /** The last media file copied whole. */
      after: string | null;
      /** Bytes of the archive so far (the parts uploaded and the carry). */
      written: number;
    };

/** POST /api/company-exports: an admin exports their company; a super admin names any company. */
export const startCompanyExportInput = z.object({ companyId: platformId("Must be a company id").optional() }).strict();
export type StartCompanyExportInput = z.infer<typeof startCompanyExportInput>;

/** GET /api/company-exports: the super admin may ask for another company's. */
export const companyExportsQuery = z.object({
  companyId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, "Must be a company id")
    .transform(Number)
    .optional(),
});

/** Who asked for an export (copied onto it and into the audit entry). */
export interface CompanyExportRequester {
  id: number;
  name: string;
  super: boolean;
}

export interface CompanyExportView {
  id: number;
  companyId: number;
  state: CompanyExportState;
  requestedBy: string | null;
  tables: CompanyExportTableProgress[];
  rowsDone: number;
  rowsTotal: number;
  bytes: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  /** The signed download link (no cookie needed) while the archive is kept; null before it is done and after it expires. */
  downloadUrl: string | null;
}
