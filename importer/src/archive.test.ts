import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { archiveTable } from "../../worker/db/companyArchive";
import type { ImportApi } from "./api";
import { importArchive, isArchive, parseManifest } from "./archive";
import { nameTakenAdvice, parseCli } from "./cli";
import { Progress } from "./progress";
import { Report } from "./report";
import { TarIndex } from "./tarIndex";

async function makeTar(file: string, entries: [string, string | Buffer][]) {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (c: unknown) => void chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  await ended;
  writeFileSync(file, Buffer.concat(chunks));
}

const manifest = {
  format: "zapdesk-company-archive",
  version: 1,
  createdAt: "2026-11-29T12:00:00.000Z",
  source: { kind: "zapdesk", companyId: 3 },
  tenantSchema: "0029_data_imports",
  company: { name: "Loja", email: "a@loja.test" },
  plan: { name: "Plano" },
  tables: [{ name: "contacts", rows: 3 }],
  media: { files: 1, bytes: 3 },
  omitted: ["sessions"],
};

describe("company archive", () => {
  it("reads the manifest first, each table's lines in batches resuming after lastKey, then media", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zd-archive-"));
    const file = path.join(dir, "company.tar");
    const contact = (id: number) => JSON.stringify({ id: 2_000_000_000 + id, company_id: 3, name: `C${id}`, number: `55119876543${id}0`, created_at: 1, updated_at: 1 });
    await makeTar(file, [
      ["manifest.json", JSON.stringify(manifest)],
      ["tables/contacts.jsonl", `${contact(1)}\n${contact(2)}\n${contact(3)}\n`],
      ["media/companies/3/messages/a.jpg", Buffer.from("abc")],
    ]);
    expect(await isArchive(file)).toBe(true);
    const sent: { table: string; rows: unknown[]; lastKey: unknown }[] = [];
    const media: string[] = [];
    const api = {
      open: async () => ({ id: 9, companyId: 12, tables: { contacts: { rows: 1, lastKey: 1 } } }),
      rows: async (_id: number, table: string, rows: Record<string, unknown>[], lastKey: unknown) => {
        for (const row of rows) expect(archiveTable(table)!.rowSchema.safeParse(row).success).toBe(true);
        sent.push({ table, rows, lastKey });
        return { inserted: rows.length, skipped: [] };
      },
      media: async (_id: number, key: string) => void media.push(key),
      finish: async () => ({ id: 1, companyId: 1, tables: { contacts: 3 }, loginEmails: { indexed: 0, skipped: [] }, connections: 0, cloudNumbers: 0 }),
    } as unknown as ImportApi;
    const result = await importArchive(file, {}, { api, media: null, report: new Report(undefined), progress: new Progress(() => {}) });
    expect(result).toMatchObject({ legacyCompanyId: 3, importId: 9, companyId: 12 });
    expect(sent).toEqual([{ table: "contacts", rows: [JSON.parse(contact(2)), JSON.parse(contact(3))], lastKey: 3 }]);
    expect(media).toEqual(["companies/3/messages/a.jpg"]);
  });

  it("refuses what is not a version-1 company archive", async () => {
    expect(() => parseManifest(JSON.stringify({ ...manifest, version: 2 }))).toThrow(/version 2/);
    expect(() => parseManifest(JSON.stringify({ ...manifest, format: "other" }))).toThrow(/not a ZapDesk/);
    const dir = mkdtempSync(path.join(tmpdir(), "zd-archive-"));
    const file = path.join(dir, "other.tar");
    await makeTar(file, [["readme.txt", "hi"]]);
    expect(await isArchive(file)).toBe(false);
  });

  it("indexes a tar of backend/public and reads a file by its mediaUrl path", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "zd-media-"));
    const file = path.join(dir, "public.tar");
    const long = `media/1/2/3/${"x".repeat(120)}/photo.jpg`;
    await makeTar(file, [["public/a.jpg", "AAA"], [`public/${long}`, "BBBB"]]);
    const index = await TarIndex.open(file);
    expect((await index.read("a.jpg"))?.toString()).toBe("AAA");
    expect((await index.read(long))?.toString()).toBe("BBBB");
    expect(await index.read("missing.jpg")).toBeNull();
    await index.close();
  });
});

describe("command line", () => {
  it("defaults to the local deployment and its demo admin; names the option that is wrong", () => {
    expect(parseCli(["--from", "postgres://x/y"], {})).toMatchObject({ to: "http://127.0.0.1:8787", email: "admin@admin.com", carrySessions: false });
    expect(parseCli(["--help"], {})).toBeNull();
    expect(() => parseCli([], {})).toThrow(/--from is required/);
    expect(() => parseCli(["--from", "postgres://x/y", "--company", "abc"], {})).toThrow(/--company/);
    expect(() => parseCli(["--from", "postgres://x/y", "--into", "5"], {})).toThrow(/--into needs --company/);
    expect(parseCli(["--from", "postgres://x/y", "--company", "1", "--name", " Padaria 2 "], {})).toMatchObject({ company: 1, name: "Padaria 2" });
    expect(() => parseCli(["--from", "postgres://x/y", "--name", "Padaria 2"], {})).toThrow(/--name needs --company/);
    expect(() => parseCli(["--from", "postgres://x/y", "--company", "1", "--into", "5", "--name", "P"], {})).toThrow(/not with --into/);
    expect(() => parseCli(["--from", "postgres://x/y", "--company", "1", "--name", " "], {})).toThrow(/--name must not be empty/);
    expect(nameTakenAdvice("postgres://x/y", 1, "Padaria Pão Quente")).toMatch(/--company 1 --name "<new name>".*--into <empty company id>/);
    expect(parseCli(["--from", "a.tar", "--carry-sessions", "--yes"], { ZAPDESK_EMAIL: "root@x.test" })).toMatchObject({ email: "root@x.test", carrySessions: true, yes: true });
  });
});
