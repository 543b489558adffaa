// Importing a ZapDesk company archive (docs/company-archive.md): manifest.json, tables/<table>.jsonl in order, then
// media/<key>. Read as a stream with tar-stream: one entry at a time, a table's lines in batches.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import tar from "tar-stream";
import type { Target } from "./api";
import { BATCH_BYTES, finishImport, isNameTaken, NameTakenError, type CompanyResult, type RunDeps } from "./run";

export interface Manifest {
  format: "zapdesk-company-archive";
  version: number;
  createdAt: string;
  source: { kind: "zapdesk" | "ticketz" | "whaticket-saas"; companyId: number; deployment?: string };
  tenantSchema: string;
  company: Record<string, unknown>;
  plan: Record<string, unknown> | null;
  tables: { name: string; rows: number }[];
  media: { files: number; bytes: number };
  omitted: string[];
}

export function parseManifest(text: string): Manifest {
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== "zapdesk-company-archive") throw new Error("not a ZapDesk company archive (manifest.format)");
  if (manifest.version !== 1) throw new Error(`archive format version ${manifest.version} is not supported (this importer reads 1)`);
  return manifest;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function readBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether a file is a tar whose first entry is manifest.json. */
export async function isArchive(path: string): Promise<boolean> {
  const extract = tar.extract();
  const input = createReadStream(path, { start: 0, end: 1023 });
  input.on("error", () => extract.destroy());
  input.pipe(extract);
  try {
    for await (const entry of extract) {
      const ok = entry.header.name.replace(/^\.\//, "") === "manifest.json";
      entry.resume();
      extract.destroy();
      return ok;
    }
  } catch {
    return false;
  }
  return false;
}

export async function importArchive(path: string, opts: { into?: number; name?: string }, deps: RunDeps): Promise<CompanyResult> {
  const { api, report, progress } = deps;
  const extract = tar.extract();
  createReadStream(path).pipe(extract);
  let manifest: Manifest | null = null;
  let state: Awaited<ReturnType<typeof api.open>> | null = null;
  let mediaFiles = 0;
  for await (const entry of extract) {
    const name = entry.header.name.replace(/^\.\//, "");
    if (name === "manifest.json") {
      manifest = parseManifest(await readAll(entry as unknown as Readable));
      const company = opts.name ? { ...manifest.company, name: opts.name } : manifest.company;
      const target: Target = opts.into ? { companyId: opts.into } : { newCompany: company, plan: manifest.plan };
      const fingerprint = `archive:${manifest.source.kind}:${manifest.source.deployment ?? ""}:${manifest.source.companyId}:${manifest.createdAt}`;
      try {
        state = await api.open({ kind: manifest.source.kind, companyId: manifest.source.companyId, fingerprint }, target);
      } catch (e) {
        if (isNameTaken(e)) throw new NameTakenError(manifest.source.companyId, String(company.name));
        throw e;
      }
      progress.line(`archive of company ${manifest.source.companyId} (${manifest.source.kind}, ${manifest.createdAt}) → ${state.companyId} (import ${state.id})`);
      for (const omitted of manifest.omitted ?? []) report.note(manifest.source.companyId, `left out of the archive: ${omitted}`);
      continue;
    }
    if (!manifest || !state) throw new Error("the archive does not start with manifest.json");
    const table = /^tables\/(.+)\.jsonl$/.exec(name)?.[1];
    if (table) {
      await importTableLines(entry as unknown as Readable, table, manifest, state, deps);
      continue;
    }
    if (name.startsWith("media/") && entry.header.type === "file") {
      await api.media(state.id, name.slice("media/".length), await readBuffer(entry as unknown as Readable));
      mediaFiles++;
      continue;
    }
    entry.resume();
  }
  if (!manifest || !state) throw new Error("empty archive: no manifest.json");
  progress.line(`media: ${mediaFiles} files`);
  const finish = await finishImport(deps, manifest.source.companyId, state.id, false);
  return { legacyCompanyId: manifest.source.companyId, importId: state.id, companyId: state.companyId, finish };
}

/** A table's lines in batches; lastKey is the number of lines read, so a resumed run skips those. */
async function importTableLines(entry: Readable, table: string, manifest: Manifest, state: { id: number; tables: Record<string, { rows: number; lastKey: string | number | null }> }, deps: RunDeps) {
  const { api, report, progress } = deps;
  const skip = Number(state.tables[table]?.lastKey ?? 0) || 0;
  const total = manifest.tables.find((t) => t.name === table)?.rows ?? 0;
  const bar = progress.bar(table, total, Math.min(skip, total));
  let line = 0;
  let rows: unknown[] = [];
  let bytes = 0;
  const send = async () => {
    if (!rows.length) return;
    const res = await api.rows(state.id, table, rows as Record<string, unknown>[], line);
    for (const s of res.skipped ?? []) report.skip(manifest.source.companyId, table, s.key, s.reason);
    bar.add(rows.length);
    rows = [];
    bytes = 0;
  };
  for await (const text of createInterface({ input: entry, crlfDelay: Infinity })) {
    if (!text.trim()) continue;
    line++;
    if (line <= skip) continue;
    if (rows.length && (rows.length >= 2000 || bytes + text.length > BATCH_BYTES)) {
      line--;
      await send();
      line++;
    }
    rows.push(JSON.parse(text));
    bytes += text.length + 1;
  }
  await send();
  bar.done();
}
