import { z } from "zod";
import { COMPANY_RECURRENCES, weekdaySchedule } from "./companies";
import { platformId } from "./ids";

/**
 * The company archive and the import API (issue 27, docs/company-archive.md): the parts that need no table
 * definition. The registry of tables (columns, row schemas, ids, the order of import, `moveRow`) is derived from the
 * tenant schema in `worker/db/companyArchive.ts` (a contract may not import the schema: the layers, ADR 0046).
 */

export const ARCHIVE_FORMAT = "zapdesk-company-archive";
export const ARCHIVE_VERSION = 1;

export const ARCHIVE_SOURCE_KINDS = ["zapdesk", "ticketz", "whaticket-saas"] as const;
export type ArchiveSourceKind = (typeof ARCHIVE_SOURCE_KINDS)[number];

/** A batch of rows: at most this many, and at most IMPORT_ROWS_MAX_BYTES of JSON. */
export const IMPORT_ROWS_MAX = 2_000;
export const IMPORT_ROWS_MAX_BYTES = 8 * 1024 * 1024;
/** One media file of an import (a WhatsApp document tops at 2 GB, but the product's own uploads are capped lower). */
export const IMPORT_MEDIA_MAX_BYTES = 100 * 1024 * 1024;

/** How ids move from the source into the target company's range (docs/company-archive.md, "Ids"). */
export interface MoveContext {
  /** `idRangeStart(source companyId)` for a ZapDesk archive, 0 for a legacy database (its serial ids). */
  sourceBase: number;
  /** `idRangeStart(target companyId)`. */
  targetBase: number;
  /** Fixed once per import: 0 for a new company, above every id already there for an existing empty one. */
  offset: number;
  sourceCompanyId: number;
  targetCompanyId: number;
}

/** An id of the source in the target's range; 0, negative or non-integer values (no row) are left as they are. */
export function moveId(value: unknown, move: MoveContext): unknown {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) return value;
  return move.targetBase + move.offset + (value - move.sourceBase);
}

/** `companies/<source>/…` → `companies/<target>/…` anywhere in a text (media keys in paths, bodies, json). */
export function moveMediaKeys(text: string, move: Pick<MoveContext, "sourceCompanyId" | "targetCompanyId">): string {
  if (move.sourceCompanyId === move.targetCompanyId || !text.includes("companies/")) return text;
  return text.split(`companies/${move.sourceCompanyId}/`).join(`companies/${move.targetCompanyId}/`);
}

/**
 * The one rule that moves ids inside json columns (automation rules' conditions and actions, macros' actions, a
 * campaign's template): every number under a key ending in `Id`, and every number in an array under a key ending in
 * `Ids`, is an id of the company's (the contracts name them so: `queueId`, `tagIds`, `templateId`, `userId`…).
 */
export function moveJsonIds(value: unknown, move: MoveContext, key = ""): unknown {
  if (Array.isArray(value)) {
    const ids = key.endsWith("Ids");
    return value.map((item) => (ids && typeof item === "number" ? moveId(item, move) : moveJsonIds(item, move)));
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = moveJsonIds(v, move, k);
    return out;
  }
  if (typeof value === "number" && key.endsWith("Id")) return moveId(value, move);
  return value;
}

/** A raw row: SQL column names, SQLite's values. */
export const archiveRow = z.record(z.string(), z.unknown());
export type ArchiveRow = Record<string, unknown>;

/** `due_date` → `dueDate`: the manifest's records may come with either spelling. */
const camelKeys = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]))
    : value;
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/** The source's company, as a new company is made from it (other keys of the record are ignored). */
export const companyRecord = z.preprocess(
  camelKeys,
  z.object({
    name: z.string().trim().min(1, "Required").max(200),
    email: z.string().trim().max(200).optional(),
    phone: z.string().trim().max(50).optional(),
    status: flag.optional(),
    dueDate: z.string().max(40).nullable().optional(),
    recurrence: z.enum(COMPANY_RECURRENCES).optional(),
    campaignsEnabled: flag.optional(),
    timezone: z.string().min(1).max(64).optional(),
    /** Service hours, one entry per weekday (as a json column: an array, or its JSON text). */
    schedules: z
      .preprocess((v) => {
        if (typeof v !== "string") return v;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }, z.array(weekdaySchedule).max(7))
      .optional(),
  }),
);
export type CompanyRecord = z.infer<typeof companyRecord>;

/** The source's plan: reused by name when the platform has one, else created with these limits and flags. */
export const planRecord = z.preprocess(
  camelKeys,
  z.object({
    name: z.string().trim().min(1, "Required").max(200),
    users: z.number().int().min(0).optional(),
    connections: z.number().int().min(0).optional(),
    queues: z.number().int().min(0).optional(),
    value: z.number().min(0).optional(),
    useCampaigns: flag.optional(),
    useSchedules: flag.optional(),
    useInternalChat: flag.optional(),
    useExternalApi: flag.optional(),
    useKanban: flag.optional(),
    useOpenAi: flag.optional(),
    useIntegrations: flag.optional(),
    useInternal: flag.optional(),
  }),
);
export type PlanRecord = z.infer<typeof planRecord>;

const source = z.object({
  kind: z.enum(ARCHIVE_SOURCE_KINDS),
  companyId: platformId(),
  fingerprint: z.string().trim().min(8, "At least 8 characters").max(200),
});

/**
 * `POST /api/platform/imports`: an existing company (it must be empty) or a new one, made from the source's
 * company record (`name`, `email`, `phone`, `status`, `dueDate`, `recurrence`, … as the archive's manifest holds it,
 * camelCase or snake_case) and its plan (reused by name, or created).
 */
export const openImportInput = z
  .object({
    source,
    target: z.union([
      z.object({ companyId: platformId() }).strict(),
      z.object({ newCompany: companyRecord, plan: planRecord.nullable() }).strict(),
    ]),
    /**
     * Carry the WhatsApp (Baileys) sessions of a legacy source (whatsapp_session_keys rows are then taken), so its
     * numbers resume without a QR code. Default off; a ZapDesk archive never holds them.
     */
    carrySessions: z.boolean({ error: "Must be true or false" }).default(false),
  })
  .refine((v) => !v.carrySessions || v.source.kind !== "zapdesk", { message: "Only a Whaticket or ticketz import carries sessions", path: ["carrySessions"] });
export type OpenImportInput = z.infer<typeof openImportInput>;

export const importRowsInput = z.object({
  table: z.string().min(1).max(64),
  rows: z.array(archiveRow).max(IMPORT_ROWS_MAX, `At most ${IMPORT_ROWS_MAX} rows a batch`),
  lastKey: z.union([z.string().max(500), z.number(), z.null()]).default(null),
});
export type ImportRowsInput = z.infer<typeof importRowsInput>;

export const importMediaQuery = z.object({
  key: z
    .string()
    .min(1)
    .max(1024)
    .refine((key) => !key.split("/").some((part) => part === "" || part === "." || part === ".."), "Not a storage key"),
});

export const finishImportInput = z.object({ keepConnectionStatus: z.boolean().default(false) });

/** Where one table stands; `deferred` holds links of a cycle (prompts.queue_id) set when `finish` runs. */
export type ImportTableState = { rows: number; lastKey: string | number | null; deferred?: [number, string, number][] };

export interface ImportView {
  id: number;
  companyId: number;
  source: { kind: ArchiveSourceKind; companyId: number; fingerprint: string };
  offset: number;
  tables: Record<string, { rows: number; lastKey: string | number | null }>;
  startedAt: string;
  finishedAt: string | null;
}

export interface SkippedRow {
  /** The row's key in the source (its id, or its primary key's values joined by ":"), or its index in the batch. */
  key: string | number;
  reason: string;
}

export interface ImportRowsResult {
  inserted: number;
  /** Rows already there (a resumed run), not inserted again. */
  existing: number;
  skipped: SkippedRow[];
  /** Columns left empty: a sealed secret, or a reference to a row the source does not have. */
  notes: SkippedRow[];
}

export interface ImportFinishResult {
  id: number;
  companyId: number;
  tables: Record<string, number>;
  loginEmails: { indexed: number; skipped: { email: string; reason: string }[] };
  connections: number;
  cloudNumbers: number;
}
