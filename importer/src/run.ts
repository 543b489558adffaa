// One import run: every company of a legacy PostgreSQL (or the one chosen), or a ZapDesk archive, sent to the
// import API in batches (one in flight per table), resumed from the import's state.
import { basename } from "node:path";
import type { ImportFinishResult } from "../../worker/contracts/companyArchive";
import { ApiError, type ImportApi, type ImportState, type Target } from "./api";
import { detect, type Catalogue, type Detection } from "./detect";
import { companyRecord, credsComplete, scheduleOverrides, sessionValue, legacyMediaKey, legacyMediaPath, mapMessage, planRecord, TABLES, type MapCtx, type Row, type TableSpec } from "./legacyTables";
import type { MediaSource } from "./mediaSource";
import { PAGE_ROWS, PgSource } from "./pgSource";
import { importPlatformRows } from "./platformRows";
import type { Progress } from "./progress";
import type { Report } from "./report";

/** The import API takes ≤ 8 MiB a batch: a batch is sent before its JSON passes this. */
export const BATCH_BYTES = 6 * 1024 * 1024;

export interface RunOptions {
  from: string;
  company?: number;
  into?: number;
  /** The new company's name instead of the legacy one (one company, --company). */
  name?: string;
  carrySessions: boolean;
}

export interface RunDeps {
  api: ImportApi;
  media: MediaSource | null;
  report: Report;
  progress: Progress;
}

export interface CompanyResult {
  legacyCompanyId: number;
  importId: number;
  companyId: number;
  finish: ImportFinishResult;
}

/**
 * Ends an import: the worker indexes the company's logins and connections. A login e-mail another company (or user)
 * already holds is not indexed: the report names it, since that agent cannot sign in until it is changed.
 */
export async function finishImport(deps: Pick<RunDeps, "api" | "report">, company: number, importId: number, keepConnectionStatus: boolean): Promise<ImportFinishResult> {
  const finish = await deps.api.finish(importId, keepConnectionStatus);
  for (const { email, reason } of finish.loginEmails.skipped) deps.report.skip(company, "users", email, `cannot sign in with ${email}: ${reason}`);
  return finish;
}

/** A company not imported because a ZapDesk company has its name (importing every company goes on with the others). */
export interface CompanyLeftOut {
  legacyCompanyId: number;
  nameTaken: string;
}

export type CompanyOutcome = CompanyResult | CompanyLeftOut;

/** The deployment answered 409 ERR_COMPANY_NAME_IN_USE when the import opened a new company of this name. */
export class NameTakenError extends Error {
  constructor(
    readonly legacyCompanyId: number,
    readonly companyName: string,
  ) {
    super(`a ZapDesk company is already named "${companyName}"`);
  }
}

export function isNameTaken(e: unknown): boolean {
  return e instanceof ApiError && e.status === 409 && (e.body as { error?: string } | null)?.error === "ERR_COMPANY_NAME_IN_USE";
}

/** A table's lastKey (the import's state) as keyset values: a number for one key, JSON of an array for several. */
export function decodeKey(lastKey: string | number | null | undefined, keys: string[]): unknown[] | null {
  if (lastKey === null || lastKey === undefined || lastKey === "") return null;
  if (keys.length === 1) return [lastKey];
  const parsed = typeof lastKey === "string" ? JSON.parse(lastKey) : null;
  return Array.isArray(parsed) ? parsed : null;
}

export function encodeKey(values: unknown[]): string | number {
  if (values.length === 1) {
    const v = values[0];
    return typeof v === "number" ? v : String(v);
  }
  return JSON.stringify(values);
}

/** Drops undefined values (columns left to their defaults). */
function clean(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (v !== undefined) out[k] = v;
  return out;
}

/** Collects mapped rows and sends them when the batch is full (rows or bytes); one batch in flight. */
class Batcher {
  private rows: Row[] = [];
  private bytes = 0;
  private lastKey: string | number | null = null;

  constructor(
    private send: (rows: Row[], lastKey: string | number) => Promise<void>,
  ) {}

  async add(row: Row | null, key: string | number) {
    if (row) {
      const size = JSON.stringify(row).length + 1;
      if (this.rows.length && (this.bytes + size > BATCH_BYTES || this.rows.length >= PAGE_ROWS)) await this.flush();
      this.rows.push(row);
      this.bytes += size;
    }
    this.lastKey = key;
  }

  async flush() {
    if (this.lastKey === null) return;
    const rows = this.rows;
    const lastKey = this.lastKey;
    this.rows = [];
    this.bytes = 0;
    this.lastKey = null;
    await this.send(rows, lastKey);
  }
}

export async function importPostgres(opts: RunOptions, deps: RunDeps): Promise<CompanyOutcome[]> {
  const { api, report, progress } = deps;
  const src = await PgSource.open(opts.from);
  try {
    const catalogue = await src.catalogue();
    const detection = detect(catalogue);
    progress.line(`source: ${detection.kind} (${detection.why.join("; ") || "no ticketz-only tables"})`);
    const fingerprint = `${detection.kind}:${await src.fingerprint(catalogue)}`;
    const companies = await src.companies(opts.company);
    if (opts.company && !companies.length) throw new Error(`company ${opts.company} is not in the source`);
    if (opts.into && companies.length !== 1) throw new Error("--into takes one company: say which with --company");
    if (opts.name && companies.length !== 1) throw new Error("--name names one company: say which with --company");
    const results: CompanyOutcome[] = [];
    for (const company of companies) {
      const legacyId = Number(company.id);
      const plan = await src.plan(company.planId);
      const record = companyRecord(company);
      if (opts.name) record.name = opts.name;
      const target: Target = opts.into ? { companyId: opts.into } : { newCompany: record, plan: plan ? planRecord(plan) : null };
      let state: ImportState;
      try {
        state = await api.open({ kind: detection.kind, companyId: legacyId, fingerprint }, target, opts.carrySessions);
      } catch (e) {
        if (!isNameTaken(e)) throw e;
        const name = String(record.name);
        // One company asked for: stop and say what to do. Every company: leave this one out and go on.
        if (opts.company) throw new NameTakenError(legacyId, name);
        report.note(legacyId, `left out: a ZapDesk company is already named "${name}" (import it with --company ${legacyId} and --name or --into)`);
        progress.line(`company ${legacyId} "${name}" left out: the name is taken in ZapDesk`);
        results.push({ legacyCompanyId: legacyId, nameTaken: name });
        continue;
      }
      progress.line(`company ${legacyId} "${company.name}" → ${state.companyId} (import ${state.id})`);
      const overrides = scheduleOverrides(company.schedules);
      if (overrides) report.note(legacyId, `opening hours: ${overrides} dated exception(s) (holidays) left out, the product has none; a day of several shifts is kept as one span`);
      const merger = await src.merger(catalogue, legacyId);
      const ctx: MapCtx = { companyId: legacyId, merger, carrySessions: opts.carrySessions, seen: new Map(), now: Date.now() };
      for (const spec of TABLES) {
        if (spec.target === "whatsapp_session_keys" && !opts.carrySessions) continue;
        // Whaticket SaaS has no BaileysKeys: its keys live in Whatsapps.session with the creds (copyTable's first step).
        const sessionOnly = spec.target === "whatsapp_session_keys" && !catalogue.has(spec.source);
        if (!sessionOnly && (!catalogue.has(spec.source) || (spec.requires ?? []).some((t) => !catalogue.has(t)))) {
          report.note(legacyId, `${spec.source}: not in this source, ${spec.target} left empty`);
          continue;
        }
        // Names and colours already used: small tables are re-read whole on a resumed run, so `seen` stays right.
        try {
          await copyTable(spec, src, catalogue, state, ctx, deps, sessionOnly);
        } catch (e) {
          // The Baileys keys are optional: a deployment that refuses them leaves the connections waiting for a QR.
          if (spec.target !== "whatsapp_session_keys") throw e;
          report.note(legacyId, `session keys refused (${(e as Error).message}): the connections wait for a QR code`);
          progress.line(`session keys not carried: ${(e as Error).message}`);
        }
        if (spec.target === "tickets") await copyMessages(src, catalogue, detection, state, ctx, deps);
      }
      if (!catalogue.has("ContactTags")) report.note(legacyId, "no ContactTags (Whaticket SaaS)");
      else report.note(legacyId, "ContactTags: the product has no contact tags; ticket tags are imported");
      const finish = await finishImport(deps, legacyId, state.id, opts.carrySessions);
      results.push({ legacyCompanyId: legacyId, importId: state.id, companyId: state.companyId, finish });
    }
    // The whole installation: its Helps and Announcements after the companies (not with --company).
    if (!opts.company) await importPlatformRows(src, catalogue, deps);
    return results;
  } finally {
    await src.close();
  }
}

async function copyTable(spec: TableSpec, src: PgSource, catalogue: Catalogue, state: ImportState, ctx: MapCtx, deps: RunDeps, sessionOnly = false) {
  const { api, report, progress } = deps;
  const done = state.tables[spec.target];
  let after = decodeKey(done?.lastKey, spec.keys);
  const total = sessionOnly ? 0 : await src.count(spec, catalogue, ctx.companyId);
  const bar = progress.bar(spec.target, total, done?.rows ?? 0);
  const batcher = new Batcher(async (rows, lastKey) => {
    const res = await api.rows(state.id, spec.target, rows, lastKey);
    for (const s of res.skipped ?? []) report.skip(ctx.companyId, spec.target, s.key, s.reason);
  });
  if (spec.target === "whatsapp_session_keys" && !after) {
    // Baileys credentials first (Whatsapps.session), as the product stores them: type "creds", key "". Keys kept in
    // the session itself (Whaticket SaaS; ticketz before BaileysKeys) follow; BaileysKeys rows, sent after, win.
    const whatsapps = await src.client.query('select id from "Whatsapps" where "companyId" = $1 order by id', [ctx.companyId]);
    const fromTable = catalogue.has(spec.source);
    for (const w of whatsapps.rows) {
      const session = await src.session(w.id);
      if (!session?.creds) continue;
      const creds = sessionValue(session.creds);
      if (!creds) continue;
      if (!credsComplete(session.creds)) report.note(ctx.companyId, `connection ${w.id}: its creds lack noiseKey or signedIdentityKey, it will need a QR code`);
      await batcher.add({ whatsapp_id: w.id, type: "creds", key_id: "", value: creds, updated_at: ctx.now }, encodeKey([0, "", ""]));
      const keys = fromTable ? {} : (session.keys ?? {});
      for (const [type, byId] of Object.entries(keys)) {
        if (!byId || typeof byId !== "object") continue;
        for (const [keyId, raw] of Object.entries(byId)) {
          const value = raw == null ? null : sessionValue(raw);
          if (value !== null) await batcher.add({ whatsapp_id: w.id, type, key_id: keyId, value, updated_at: ctx.now }, encodeKey([0, "", ""]));
        }
      }
    }
    if (sessionOnly) {
      await batcher.flush();
      bar.done();
      return;
    }
  }
  if (sessionOnly) {
    bar.done();
    return;
  }
  let next = src.page(spec, catalogue, ctx.companyId, after);
  for (;;) {
    const rows = await next;
    if (!rows.length) break;
    const last = rows[rows.length - 1]!;
    after = spec.keys.map((k) => last[k]);
    // Read the next page while this one is sent: one page read ahead, one batch in flight.
    next = rows.length < PAGE_ROWS ? Promise.resolve([]) : src.page(spec, catalogue, ctx.companyId, after);
    for (const raw of rows) {
      const key = encodeKey(spec.keys.map((k) => raw[k]));
      let orphan: string | null = null;
      for (const ref of spec.refs ?? []) {
        if (raw[`_ok_${ref.column}`] !== false) continue;
        if (ref.required) orphan = `orphan: ${ref.column} ${raw[ref.column]} not found`;
        else raw[ref.column] = null;
      }
      const mapped = orphan ? { skip: orphan } : spec.map(raw, ctx);
      if ("skip" in mapped) report.skip(ctx.companyId, spec.target, key, mapped.skip);
      await batcher.add("row" in mapped ? clean(mapped.row) : null, key);
    }
    await batcher.flush();
    bar.add(rows.length);
  }
  await next.catch(() => []);
  bar.done();
}

async function copyMessages(src: PgSource, catalogue: Catalogue, detection: Detection, state: ImportState, ctx: MapCtx, deps: RunDeps) {
  const { api, report, progress, media } = deps;
  const done = state.tables.messages;
  let after = Number(done?.lastKey ?? 0) || 0;
  const table = await src.prepareMessages(detection, ctx.companyId);
  const bar = progress.bar("messages", await src.countMessages(table), done?.rows ?? 0);
  const batcher = new Batcher(async (rows, lastKey) => {
    const res = await api.rows(state.id, "messages", rows, lastKey);
    for (const s of res.skipped ?? []) report.skip(ctx.companyId, "messages", s.key, s.reason);
  });
  let next = src.messagePage(table, catalogue, ctx.companyId, after);
  for (;;) {
    const rows = await next;
    if (!rows.length) break;
    after = rows[rows.length - 1]!._n;
    // Read the next page while this one is sent (as the other tables do): one page read ahead, one batch in flight.
    next = rows.length < PAGE_ROWS ? Promise.resolve([]) : src.messagePage(table, catalogue, ctx.companyId, after);
    for (const raw of rows) {
      const path = legacyMediaPath(raw.mediaUrl);
      let file: { key: string; name: string } | null = null;
      if (path && raw._ticketOk) {
        const data = media ? await media.read(path) : null;
        if (data) {
          file = { key: legacyMediaKey(ctx.companyId, path), name: basename(path) };
          await api.media(state.id, file.key, data);
        } else {
          report.skip(ctx.companyId, "media", raw.id, media ? `missing media file ${path}: the message keeps its text` : `media not copied (no --media): ${path}`);
          raw.mediaType = "chat";
          if (!raw.body) raw.body = basename(path);
        }
      } else if (raw.mediaUrl && !path && raw.mediaType !== "chat") {
        report.skip(ctx.companyId, "media", raw.id, `remote media not copied: ${raw.mediaUrl}`);
      }
      const mapped = mapMessage(raw, ctx, file);
      if ("skip" in mapped) report.skip(ctx.companyId, "messages", raw.id, mapped.skip);
      await batcher.add("row" in mapped ? clean(mapped.row) : null, raw._n);
    }
    await batcher.flush();
    bar.add(rows.length);
  }
  await next.catch(() => []);
  bar.done();
}
