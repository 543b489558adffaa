import { and, eq, sql } from "drizzle-orm";
import type { CompanyExportCursor, CompanyExportTableProgress } from "../../contracts/companyExports";
import type { Delivery } from "../../contracts/ws";
import type { Db } from "../../db/client";
import { companyExports, type CompanyExportRow } from "../../db/tenant";
import migrations from "../../db/tenant-migrations/migrations.js";
import { concatBytes, tarEnd, tarHeader, tarPadding } from "../../lib/tar";
import type { SystemCtx } from "../context";
import { activeCompanyExport } from "./companyExportView";
import { COMPANY_EXPORT_KEEP_MS, companyExportKey, companyExportTempPrefix } from "./downloadLink";
import { EXPORTED_TABLES, OMITTED_SECRETS, OMITTED_TABLES } from "./tables";

/**
 * Rows read per slice (one turn of the hub's command queue): a keyset page by rowid of one table. 2,000 rows of
 * messages are ~1 MB of JSON lines, read in a few tens of milliseconds.
 */
export const EXPORT_ROWS_PER_SLICE = 2_000;
/**
 * The multipart upload's part size: R2 wants every part but the last of one size, and at least 5 MiB. Bytes that do
 * not yet fill a part are the "carry", kept in memory during a run and in R2 between runs.
 */
export const EXPORT_PART_BYTES = 5 * 1024 * 1024;
/** Archive bytes copied per slice (table lines from their temporary objects, media files by range). */
export const EXPORT_COPY_BYTES_PER_SLICE = 8 * 1024 * 1024;
/** Slices per alarm run; the next run (EXPORT_REST_MS later) goes on from the row's cursor. */
export const EXPORT_SLICES_PER_RUN = 40;
/** The rest between two slices, so a page's read meets a slice now and then and never a run of them (ADR 0013). */
export const EXPORT_REST_MS = 20;

export interface ExportLimits {
  rowsPerSlice: number;
  partBytes: number;
  copyBytesPerSlice: number;
  slicesPerRun: number;
}
const DEFAULT_LIMITS: ExportLimits = {
  rowsPerSlice: EXPORT_ROWS_PER_SLICE,
  partBytes: EXPORT_PART_BYTES,
  copyBytesPerSlice: EXPORT_COPY_BYTES_PER_SLICE,
  slicesPerRun: EXPORT_SLICES_PER_RUN,
};

const encoder = new TextEncoder();
const TENANT_SCHEMA = (migrations as unknown as { journal: { entries: { tag: string }[] } }).journal.entries.at(-1)?.tag ?? "";

/** When the company's export work is next due: now while one is queued or running. */
export function nextCompanyExportDue(db: Db, companyId: number, now: number): number | null {
  return activeCompanyExport({ db, companyId }) ? now : null;
}

/**
 * The company's export in slices (issue 27 §3), run by the hub's due work: (1) each table's rows, keyset by rowid,
 * as JSON lines into temporary R2 objects (a tar entry's size must be known before its bytes, so a table is written
 * whole before it enters the archive); (2) the media under `companies/<id>/` listed and counted; (3) the archive
 * itself through one R2 multipart upload: the manifest (first, as the contract orders), each table copied from its
 * temporary objects, each media file by range, the tar's end. Each slice is one turn of the command queue; the
 * row's cursor is saved after each slice (and the carry, the bytes not yet a part, at the end of the run), so a run
 * that stops, or a hub evicted, goes on from there. A part uploaded again after a lost run has the same number and
 * the same bytes. Answers whether work is left.
 */
export async function runCompanyExport({
  ctx,
  serially,
  rest = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  limits = DEFAULT_LIMITS,
}: {
  ctx: SystemCtx;
  serially: <T>(task: () => Promise<T>) => Promise<T>;
  rest?: (ms: number) => Promise<void>;
  limits?: ExportLimits;
}): Promise<{ more: boolean }> {
  let row = activeCompanyExport(ctx);
  if (!row) return { more: false };
  const exportId = row.id;
  // One run at a time per export: two would upload the same parts with different bytes.
  if (runningHere.has(exportId)) return { more: true };
  runningHere.add(exportId);
  try {
    if (row.state === "queued") row = begin(ctx, row);
    let carry: Carry | null = null;
    try {
      for (let slice = 0; slice < limits.slicesPerRun; slice++) {
        if (slice > 0) await rest(EXPORT_REST_MS);
        const cursor = row.cursor!;
        if (cursor.stage === "tables") row = await tablesSlice(ctx, row, cursor, serially, limits);
        else if (cursor.stage === "media") row = await mediaSlice(ctx, row, cursor);
        else {
          carry ??= await loadCarry(ctx, row);
          row = await archiveSlice(ctx, row, cursor, carry, serially, limits);
        }
        publishProgress(ctx, row);
        if (row.state !== "running") return { more: false };
      }
    } finally {
      if (carry && row.state === "running") await saveCarry(ctx, row, carry);
    }
    return { more: true };
  } catch (err) {
    console.error("company export failed", { companyId: ctx.companyId, exportId, err: String(err) });
    const failed = update(ctx.db, exportId, { state: "failed", error: String(err).slice(0, 500), finishedAt: new Date() });
    publishProgress(ctx, failed);
    await removeTemporary(ctx, failed).catch(() => {});
    if (failed.uploadId) await ctx.env.MEDIA.resumeMultipartUpload(failed.r2Key!, failed.uploadId).abort().catch(() => {});
    return { more: false };
  } finally {
    runningHere.delete(exportId);
  }
}

/** The exports a run is working on in this isolate (a hub's alarm runs one at a time; a test may call in too). */
const runningHere = new Set<number>();

/** Counts each table's rows (cheap: count(*)): the progress bar's total. */
function begin(ctx: SystemCtx, row: CompanyExportRow): CompanyExportRow {
  const progress: CompanyExportTableProgress[] = EXPORTED_TABLES.map(({ name }) => ({
    name,
    rows: (ctx.db.get<{ n: number }>(sql.raw(`select count(*) as n from "${name}"`)) ?? { n: 0 }).n,
    lines: 0,
    bytes: 0,
    chunks: 0,
  }));
  return update(ctx.db, row.id, {
    state: "running",
    progress,
    rowsTotal: progress.reduce((sum, t) => sum + t.rows, 0),
    cursor: { stage: "tables", table: 0, lastRowid: 0 },
  });
}

const chunkKey = (row: CompanyExportRow, table: number, chunk: number) => `${companyExportTempPrefix(row.companyId, row.id)}t/${table}/${chunk}`;

/** One page of a table's rows as JSON lines, into the table's next temporary object. */
async function tablesSlice(
  ctx: SystemCtx,
  row: CompanyExportRow,
  cursor: Extract<CompanyExportCursor, { stage: "tables" }>,
  serially: <T>(task: () => Promise<T>) => Promise<T>,
  limits: ExportLimits,
): Promise<CompanyExportRow> {
  const table = EXPORTED_TABLES[cursor.table];
  if (!table) return update(ctx.db, row.id, { cursor: { stage: "media", after: null, files: 0, bytes: 0 } });
  const page = await serially(async () => {
    // A table made WITHOUT ROWID (the service rollups, small: a row per day, user and queue) is paged by offset in
    // its key's order, `lastRowid` counting the rows done.
    const withoutRowid = !!ctx.db.get(sql`select 1 as x from sqlite_master where type = 'table' and name = ${table.name} and sql like '%WITHOUT ROWID%'`);
    const after = Math.floor(cursor.lastRowid);
    const rows = ctx.db.all<Record<string, unknown>>(
      sql.raw(
        withoutRowid
          ? `select ${after} + row_number() over () as "__export_rowid", * from (select * from "${table.name}" order by ${table.primaryKey.map((c) => `"${c}"`).join(", ")} limit ${limits.rowsPerSlice} offset ${after})`
          : `select rowid as "__export_rowid", * from "${table.name}" where rowid > ${after} order by rowid limit ${limits.rowsPerSlice}`,
      ),
    );
    let text = "";
    let lastRowid = cursor.lastRowid;
    for (const r of rows) {
      lastRowid = Number(r.__export_rowid);
      delete r.__export_rowid;
      for (const { column, value } of table.sealed) if (column in r) r[column] = value;
      text += JSON.stringify(r) + "\n";
    }
    return { count: rows.length, bytes: encoder.encode(text), lastRowid };
  });
  const progress = row.progress.map((t) => ({ ...t }));
  const mine = progress[cursor.table]!;
  if (page.count > 0) {
    await ctx.env.MEDIA.put(chunkKey(row, cursor.table, mine.chunks), page.bytes);
    mine.lines += page.count;
    mine.bytes += page.bytes.length;
    mine.chunks += 1;
  }
  const tableDone = page.count < limits.rowsPerSlice;
  return update(ctx.db, row.id, {
    progress,
    rowsDone: row.rowsDone + page.count,
    cursor: tableDone ? { stage: "tables", table: cursor.table + 1, lastRowid: 0 } : { stage: "tables", table: cursor.table, lastRowid: page.lastRowid },
  });
}

const mediaPrefix = (companyId: number) => `companies/${companyId}/`;

/** A page of the company's files listed and counted (the manifest comes first, so it is counted before). */
async function mediaSlice(ctx: SystemCtx, row: CompanyExportRow, cursor: Extract<CompanyExportCursor, { stage: "media" }>): Promise<CompanyExportRow> {
  const listed = await ctx.env.MEDIA.list({ prefix: mediaPrefix(ctx.companyId), limit: 1000, ...(cursor.after ? { startAfter: cursor.after } : {}) });
  let { files, bytes } = cursor;
  for (const object of listed.objects) {
    files++;
    bytes += object.size;
  }
  const last = listed.objects.at(-1)?.key ?? cursor.after;
  if (listed.truncated && listed.objects.length > 0) return update(ctx.db, row.id, { cursor: { stage: "media", after: last, files, bytes } });
  const upload = await ctx.env.MEDIA.createMultipartUpload(row.r2Key!, { httpMetadata: { contentType: "application/x-tar" } });
  return update(ctx.db, row.id, {
    uploadId: upload.uploadId,
    parts: [],
    cursor: { stage: "archive", files, mediaBytes: bytes, entry: -1, chunk: 0, file: null, after: null, written: 0 },
  });
}

/** The upload's bytes not yet a part: in memory during a run, in R2 between runs. */
interface Carry {
  chunks: Uint8Array[];
  length: number;
}
const carryKey = (row: CompanyExportRow) => `${companyExportTempPrefix(row.companyId, row.id)}carry`;

async function loadCarry(ctx: SystemCtx, row: CompanyExportRow): Promise<Carry> {
  const object = await ctx.env.MEDIA.get(carryKey(row));
  if (!object) return { chunks: [], length: 0 };
  const bytes = new Uint8Array(await object.arrayBuffer());
  return { chunks: [bytes], length: bytes.length };
}

async function saveCarry(ctx: SystemCtx, row: CompanyExportRow, carry: Carry) {
  await ctx.env.MEDIA.put(carryKey(row), concatBytes(carry.chunks));
}

function append(carry: Carry, bytes: Uint8Array) {
  if (bytes.length === 0) return;
  carry.chunks.push(bytes);
  carry.length += bytes.length;
}

/** Uploads every whole part the carry holds (`all`: the rest too, as the last part). */
async function uploadParts(ctx: SystemCtx, row: CompanyExportRow, carry: Carry, partBytes: number, all: boolean) {
  const parts = [...row.parts];
  if (carry.length < partBytes && !(all && carry.length > 0)) return parts;
  const upload = ctx.env.MEDIA.resumeMultipartUpload(row.r2Key!, row.uploadId!);
  let bytes = concatBytes(carry.chunks);
  while (bytes.length >= partBytes || (all && bytes.length > 0)) {
    const part = bytes.subarray(0, Math.min(partBytes, bytes.length));
    // A copy: a view into a larger buffer is not sent as itself everywhere.
    const uploaded = await upload.uploadPart(parts.length + 1, part.slice());
    parts.push({ partNumber: uploaded.partNumber, etag: uploaded.etag });
    bytes = bytes.subarray(part.length);
  }
  carry.chunks = bytes.length ? [bytes.slice()] : [];
  carry.length = bytes.length;
  return parts;
}

/** Appends the archive's next bytes (up to the slice's budget), uploads the parts they fill, and finishes at the end. */
async function archiveSlice(
  ctx: SystemCtx,
  row: CompanyExportRow,
  start: Extract<CompanyExportCursor, { stage: "archive" }>,
  carry: Carry,
  serially: <T>(task: () => Promise<T>) => Promise<T>,
  limits: ExportLimits,
): Promise<CompanyExportRow> {
  const cursor = { ...start };
  const tables = row.progress;
  const mtime = row.createdAt.getTime();
  let budget = limits.copyBytesPerSlice;
  const put = (bytes: Uint8Array) => {
    append(carry, bytes);
    cursor.written += bytes.length;
    budget -= bytes.length;
  };
  while (budget > 0 && cursor.entry <= tables.length) {
    if (cursor.entry === -1) {
      const manifest = encoder.encode(JSON.stringify(await serially(async () => buildManifest(ctx, row, cursor.files, cursor.mediaBytes)), null, 2));
      put(tarHeader({ name: "manifest.json", size: manifest.length, mtime }));
      put(manifest);
      put(tarPadding(manifest.length));
      cursor.entry = 0;
    } else if (cursor.entry < tables.length) {
      const table = tables[cursor.entry]!;
      if (cursor.chunk === 0) put(tarHeader({ name: `tables/${table.name}.jsonl`, size: table.bytes, mtime }));
      if (cursor.chunk < table.chunks) {
        const object = await ctx.env.MEDIA.get(chunkKey(row, cursor.entry, cursor.chunk));
        if (!object) throw new Error(`the lines of ${table.name} (part ${cursor.chunk}) are missing`);
        put(new Uint8Array(await object.arrayBuffer()));
        cursor.chunk++;
      }
      if (cursor.chunk >= table.chunks) {
        put(tarPadding(table.bytes));
        cursor.entry++;
        cursor.chunk = 0;
      }
    } else {
      if (!cursor.file) {
        const listed = await ctx.env.MEDIA.list({ prefix: mediaPrefix(ctx.companyId), limit: 1, ...(cursor.after ? { startAfter: cursor.after } : {}) });
        const next = listed.objects[0];
        if (!next) {
          put(tarEnd());
          cursor.entry++;
          break;
        }
        put(tarHeader({ name: `media/${next.key}`, size: next.size, mtime: next.uploaded.getTime() }));
        cursor.file = { key: next.key, size: next.size, offset: 0 };
      }
      const file = cursor.file;
      const length = Math.min(file.size - file.offset, Math.max(budget, 64 * 1024));
      if (length > 0) {
        const object = await ctx.env.MEDIA.get(file.key, { range: { offset: file.offset, length } });
        // A file removed (or cut short) since it was listed: its header promised `size` bytes, so zeros stand in.
        const bytes = object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array(0);
        put(bytes.length === length ? bytes : concatBytes([bytes.subarray(0, length), new Uint8Array(Math.max(0, length - bytes.length))]));
        file.offset += length;
      }
      if (file.offset >= file.size) {
        put(tarPadding(file.size));
        cursor.after = file.key;
        cursor.file = null;
      }
    }
  }
  const finished = cursor.entry > tables.length;
  const parts = await uploadParts(ctx, row, carry, limits.partBytes, finished);
  if (!finished) return update(ctx.db, row.id, { parts, cursor, bytes: cursor.written });
  await ctx.env.MEDIA.resumeMultipartUpload(row.r2Key!, row.uploadId!).complete(parts);
  const now = Date.now();
  const done = update(ctx.db, row.id, {
    state: "done",
    parts,
    cursor,
    bytes: cursor.written,
    finishedAt: new Date(now),
    expiresAt: new Date(now + COMPANY_EXPORT_KEEP_MS),
  });
  await removeTemporary(ctx, done);
  return done;
}

/** The manifest (docs/company-archive.md): rows are the lines written (the count taken at the start is `rowsTotal`). */
function buildManifest(ctx: SystemCtx, row: CompanyExportRow, files: number, mediaBytes: number) {
  const company = ctx.db.get<Record<string, unknown>>(sql.raw(`select * from companies where id = ${ctx.companyId}`)) ?? null;
  const planId = company?.plan_id;
  const plan = typeof planId === "number" ? (ctx.db.get<Record<string, unknown>>(sql.raw(`select * from plans where id = ${planId}`)) ?? null) : null;
  return {
    format: "zapdesk-company-archive",
    version: 1,
    createdAt: row.createdAt.toISOString(),
    source: { kind: "zapdesk", companyId: ctx.companyId, deployment: new URL(ctx.env.PUBLIC_URL).host },
    tenantSchema: TENANT_SCHEMA,
    company,
    plan,
    tables: row.progress.map((t) => ({ name: t.name, rows: t.lines })),
    media: { files, bytes: mediaBytes },
    omitted: [...Object.entries(OMITTED_TABLES).map(([table, why]) => `${table}: ${why}`), OMITTED_SECRETS],
  };
}

/** The export's temporary objects (table lines, carry), removed once it is done or failed. */
async function removeTemporary(ctx: SystemCtx, row: CompanyExportRow) {
  const prefix = companyExportTempPrefix(row.companyId, row.id);
  for (;;) {
    const listed = await ctx.env.MEDIA.list({ prefix, limit: 1000 });
    if (listed.objects.length === 0) return;
    await ctx.env.MEDIA.delete(listed.objects.map((o) => o.key));
    if (!listed.truncated) return;
  }
}

function update(db: Db, id: number, set: Partial<CompanyExportRow>): CompanyExportRow {
  return db.update(companyExports).set(set).where(and(eq(companyExports.id, id))).returning().get()!;
}

/** The company's admins follow the export's progress (at most once a second; the last state always goes out). */
function publishProgress(ctx: SystemCtx, row: CompanyExportRow) {
  const delivery = (): Delivery[] => [
    {
      audience: { kind: "admins" },
      event: {
        type: "companyExport",
        action: "update",
        export: { id: row.id, companyId: row.companyId, state: row.state, rowsDone: row.rowsDone, rowsTotal: row.rowsTotal, bytes: row.bytes },
      },
    },
  ];
  if (row.state === "running") ctx.hub.publishCoalesced(`companyExport:${row.id}`, 1000, async () => delivery());
  else void ctx.hub.publish(delivery());
}
