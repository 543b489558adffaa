import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, psql, startPostgres } from "../../scripts/lib/postgres.mjs";
import { announcementInput } from "../../worker/contracts/announcements";
import { campaignSettingsInput } from "../../worker/contracts/campaigns";
import { helpInput } from "../../worker/contracts/helps";
import { companyRecord as companyRecordSchema } from "../../worker/contracts/companyArchive";
import { archiveTable, IMPORT_TABLE_ORDER } from "../../worker/db/companyArchive";
import { ApiError, type ImportApi, type ImportState, type SourceRef, type Target } from "./api";
import { detect } from "./detect";
import { campaignSettingValue, sessionValue } from "./legacyTables";
import { openMedia } from "./mediaSource";
import { PgSource } from "./pgSource";
import { Progress } from "./progress";
import { Report } from "./report";
import { importPostgres, NameTakenError } from "./run";

// Imports the legacy fixtures (a real PostgreSQL loaded from ticketz's own migrations) and checks every row the
// importer sends against the worker's own row schema of its table (worker/db/companyArchive.ts), the order of the
// tables (parents first), the merges, orphans and missing media. The import API itself is wt-sink's (its tests).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, "..", "fixtures");
type Kind = "ticketz" | "whaticket-saas";

let server: Awaited<ReturnType<typeof startPostgres>>;
const urls = {} as Record<Kind, string>;

beforeAll(async () => {
  server = await startPostgres();
  for (const kind of ["ticketz", "whaticket-saas"] as const) {
    urls[kind] = await createDatabase(server.url, kind.replace("-", "_"));
    await psql(urls[kind], { file: path.join(FIXTURES, kind, "schema.sql") });
    await psql(urls[kind], { file: path.join(FIXTURES, kind, "data.sql") });
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Stands where the deployment's import API would: keeps what it is sent, refusing a row its table would refuse. */
class RecordingApi {
  opened: { source: SourceRef; target: Target }[] = [];
  rows = new Map<string, Record<string, unknown>[]>();
  lastKeys = new Map<string, unknown>();
  /** Tables in the order sent, per import opened. */
  orders: string[][] = [];
  media = new Map<string, number>();
  finished: { id: number; keep: boolean }[] = [];
  resume: Record<string, { rows: number; lastKey: string | number | null }> = {};
  /** Names of companies the deployment already has: opening a new company of one of them is a 409. */
  taken = new Set<string>();

  carry: boolean[] = [];
  /** The platform's rows as the super-admin API keeps them, and what this run created. */
  helps: { id: number; title: string; description: string; video: string }[] = [];
  announcements: { id: number; title: string; text: string; priority: number; status: boolean; companyIds: number[] | null }[] = [];
  created: { helps: string[]; announcements: string[] } = { helps: [], announcements: [] };
  uploads: { id: number; name: string; bytes: number; type: string }[] = [];

  newRun() {
    this.opened = [];
    this.rows = new Map();
    this.orders = [];
    this.finished = [];
    this.created = { helps: [], announcements: [] };
  }

  async open(source: SourceRef, target: Target, carrySessions = false): Promise<ImportState> {
    this.carry.push(carrySessions);
    if ("newCompany" in target && this.taken.has(String(target.newCompany.name))) {
      throw new ApiError(409, { error: "ERR_COMPANY_NAME_IN_USE", message: "A company with this name already exists." }, "POST /api/platform/imports");
    }
    this.opened.push({ source, target });
    this.orders.push([]);
    return { id: this.opened.length, companyId: 100 + source.companyId, tables: this.resume };
  }
  async rows_(table: string, rows: Record<string, unknown>[], lastKey: string | number) {
    const spec = archiveTable(table, { carrySessions: this.carry.at(-1) });
    if (!spec) throw new Error(`table ${table} is not importable`);
    expect(rows.length).toBeLessThanOrEqual(2000);
    for (const row of rows) {
      const parsed = spec.rowSchema.safeParse(row);
      if (!parsed.success) throw new Error(`${table} row ${JSON.stringify(row)}: ${parsed.error.message}`);
    }
    const order = this.orders.at(-1)!;
    if (order.at(-1) !== table) order.push(table);
    this.rows.set(table, [...(this.rows.get(table) ?? []), ...rows]);
    this.lastKeys.set(table, lastKey);
    return { inserted: rows.length, existing: 0, skipped: [], notes: [] };
  }
  asApi(): ImportApi {
    return {
      open: (s: SourceRef, t: Target, c?: boolean) => this.open(s, t, c),
      rows: (_id: number, table: string, rows: Record<string, unknown>[], lastKey: string | number) => this.rows_(table, rows, lastKey),
      media: async (_id: number, key: string, data: Buffer) => void this.media.set(key, data.length),
      finish: async (id: number, keep = false) => (this.finished.push({ id, keep }), { id, companyId: 1, tables: {}, loginEmails: { indexed: 0, skipped: [] }, connections: 0, cloudNumbers: 0 }),
      state: async () => ({ id: 1, companyId: 1, tables: {} }),
      uploadAnnouncementMedia: async (id: number, name: string, data: Buffer, type: string) => {
        this.uploads.push({ id, name, bytes: data.length, type });
        return this.announcements.find((a) => a.id === id);
      },
      listHelps: async () => this.helps.map((h) => ({ ...h })),
      createHelp: async (body: unknown) => {
        const help = { id: this.helps.length + 1, ...helpInput.parse(body) };
        this.helps.push(help);
        this.created.helps.push(help.title);
        return help;
      },
      listAnnouncements: async (search: string, page: number) => {
        const hits = this.announcements.filter((a) => a.title.toLowerCase().includes(search.toLowerCase())).reverse();
        return { records: hits.slice((page - 1) * 20, page * 20), count: hits.length, hasMore: hits.length > page * 20 };
      },
      createAnnouncement: async (body: unknown) => {
        const a = { id: this.announcements.length + 1, ...announcementInput.parse(body) };
        this.announcements.push(a);
        this.created.announcements.push(a.title);
        return a;
      },
      login: async () => {},
    } as unknown as ImportApi;
  }
}

async function runImport(kind: Kind, opts: { from?: string; company?: number; name?: string; taken?: string[]; resume?: RecordingApi["resume"]; carrySessions?: boolean; api?: RecordingApi } = {}) {
  const api = opts.api ?? new RecordingApi();
  api.newRun();
  if (opts.resume) api.resume = opts.resume;
  for (const name of opts.taken ?? []) api.taken.add(name);
  const lines: string[] = [];
  const reportPath = path.join(server.dir, `report-${kind}-${Math.random().toString(36).slice(2)}.jsonl`);
  const report = new Report(reportPath);
  const media = await openMedia(path.join(FIXTURES, kind, "public"));
  const results = await importPostgres(
    { from: opts.from ?? urls[kind], company: opts.company, name: opts.name, carrySessions: !!opts.carrySessions },
    { api: api.asApi(), media, report, progress: new Progress((l) => lines.push(l)) },
  );
  await report.close();
  await media?.close();
  const { readFile } = await import("node:fs/promises");
  const entries = (await readFile(reportPath, "utf8")).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
  return { api, results, entries, lines };
}

describe("source detection", () => {
  it("tells ticketz from Whaticket SaaS by their tables", async () => {
    for (const kind of ["ticketz", "whaticket-saas"] as const) {
      const src = await PgSource.open(urls[kind]);
      try {
        const detection = detect(await src.catalogue());
        expect(detection.kind).toBe(kind);
        expect(detection.messageIdIsText).toBe(true);
        expect(detection.messageKeyHasTicket).toBe(kind === "ticketz");
      } finally {
        await src.close();
      }
    }
  });
});

describe.each(["ticketz", "whaticket-saas"] as const)("importing the %s fixture", (kind) => {
  it("sends every company with its plan, every row fitting its table, parents before children", async () => {
    const { api, results, entries } = await runImport(kind);
    expect(results).toHaveLength(2);
    expect(api.opened.map((o) => o.source.kind)).toEqual([kind, kind]);
    const first = api.opened[0]!.target as { newCompany: Record<string, unknown>; plan: Record<string, unknown> | null };
    expect(first.newCompany.name).toBe("Padaria Pão Quente");
    expect(first.plan?.name).toBeTruthy();
    for (const order of api.orders) {
      const positions = order.map((t) => IMPORT_TABLE_ORDER.indexOf(t));
      expect(positions.every((p) => p >= 0), order.join(" ")).toBe(true);
      expect(positions, order.join(" ")).toEqual([...positions].sort((a, b) => a - b));
    }
    for (const table of ["users", "queues", "queue_options", "whatsapps", "contacts", "tickets", "messages", "ticket_notes", "quick_messages", "schedules", "contact_lists", "campaigns", "campaign_settings", "chats", "settings", "tags", "ticket_tags"]) {
      expect(api.rows.get(table)?.length ?? 0, table).toBeGreaterThan(0);
    }
    // Agents keep their bcrypt hash; e-mails lowercased.
    const users = api.rows.get("users")!;
    expect(users.every((u) => /^\$2[aby]\$/.test(String(u.password_hash)))).toBe(true);
    expect(users.every((u) => u.email === String(u.email).toLowerCase())).toBe(true);
    // One person, one contact: the ninth-digit duplicate is merged and reported.
    const numbers = api.rows.get("contacts")!.map((c) => `${c.company_id}:${c.number}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toContain("1:5511987654321");
    expect(entries.some((e) => e.table === "contacts" && /merged into contact/.test(e.reason))).toBe(true);
    // Orphans: the ticket whose contact is gone and the message whose ticket is gone are left out, with the reason.
    expect(entries.some((e) => e.table === "tickets" && /orphan: contactId/.test(e.reason))).toBe(true);
    expect(entries.some((e) => e.table === "messages" && /orphan: ticket/.test(e.reason))).toBe(true);
    // Media: files uploaded under the legacy key; the missing one reported, its message kept as text.
    expect(api.media.size).toBeGreaterThan(0);
    for (const key of api.media.keys()) expect(key).toMatch(/^companies\/\d+\/messages\/legacy\//);
    expect(entries.some((e) => e.table === "media" && /missing media file/.test(e.reason))).toBe(true);
    const messages = api.rows.get("messages")!;
    const withMedia = messages.filter((m) => m.media_url);
    expect(withMedia.every((m) => api.media.has(String(m.media_url)))).toBe(true);
    // Quotes point at the quoted message's new id; a reaction and a location are typed as the product stores them.
    const ids = new Set(messages.map((m) => m.id));
    expect(messages.some((m) => m.quoted_msg_id && ids.has(m.quoted_msg_id))).toBe(true);
    expect(messages.some((m) => m.media_type === "reactionMessage")).toBe(true);
    expect(messages.some((m) => m.media_type === "locationMessage" && String(m.body).includes("maps.google.com"))).toBe(true);
    const wids = messages.map((m) => `${m.company_id}:${m.wid}`);
    expect(new Set(wids).size).toBe(wids.length);
    // The external API token goes plain in token_hash (the worker hashes it); connections wait for a QR.
    expect(api.rows.get("whatsapps")!.some((w) => typeof w.token_hash === "string")).toBe(true);
    expect(api.rows.get("whatsapps")!.every((w) => w.status === "DISCONNECTED")).toBe(true);
    expect(api.rows.has("whatsapp_session_keys")).toBe(false);
    expect(api.finished.every((f) => f.keep === false)).toBe(true);
  }, 60_000);

  it("imports one company, and a resumed run starts each table after its lastKey", async () => {
    const full = await runImport(kind, { company: 1 });
    expect(full.api.opened).toHaveLength(1);
    // The platform's Helps and Announcements come only with the whole installation.
    expect(full.api.created).toEqual({ helps: [], announcements: [] });
    const contacts = full.api.rows.get("contacts")!;
    const messages = full.api.rows.get("messages")!;
    const half = messages[Math.floor(messages.length / 2)]!;
    const resumed = await runImport(kind, {
      company: 1,
      resume: {
        contacts: { rows: contacts.length, lastKey: full.api.lastKeys.get("contacts") as number },
        messages: { rows: 0, lastKey: Number(half.id) },
      },
    });
    expect(resumed.api.rows.get("contacts") ?? []).toHaveLength(0);
    const again = resumed.api.rows.get("messages")!;
    expect(again.map((m) => m.id)).toEqual(messages.filter((m) => Number(m.id) > Number(half.id)).map((m) => m.id));
  }, 60_000);
});

describe("a company name already taken in ZapDesk", () => {
  it("importing every company leaves that one out with a report line and imports the others", async () => {
    const { api, results, entries } = await runImport("ticketz", { taken: ["Padaria Pão Quente"] });
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({ legacyCompanyId: 1, nameTaken: "Padaria Pão Quente" });
    expect("importId" in results[1]!).toBe(true);
    expect(api.opened).toHaveLength(1);
    expect(api.finished).toHaveLength(1);
    expect(entries.some((e) => e.company === 1 && /left out: a ZapDesk company is already named "Padaria Pão Quente".*--name or --into/.test(e.note ?? ""))).toBe(true);
  }, 60_000);

  it("one company stops with the name; --name imports it under the new name", async () => {
    await expect(runImport("ticketz", { company: 1, taken: ["Padaria Pão Quente"] })).rejects.toBeInstanceOf(NameTakenError);
    const { api, results } = await runImport("ticketz", { company: 1, name: "Padaria Pão Quente (ticketz)", taken: ["Padaria Pão Quente"] });
    expect(results).toHaveLength(1);
    expect((api.opened[0]!.target as { newCompany: Record<string, unknown> }).newCompany.name).toBe("Padaria Pão Quente (ticketz)");
    expect(api.rows.get("tickets")?.length ?? 0).toBeGreaterThan(0);
  }, 60_000);
});

describe("campaign settings", () => {
  it("become the product's keys and JSON values, each one the campaign settings API would take", async () => {
    const { api } = await runImport("ticketz", { company: 1 });
    const rows = api.rows.get("campaign_settings")!;
    const values = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(String(r.value))]));
    expect(values).toEqual({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: "cupom", value: "NATAL10" }] });
    expect(campaignSettingsInput.safeParse(values).success).toBe(true);
    expect(rows.every((r) => r.company_id === 1)).toBe(true);
  }, 60_000);

  it("reads the values as ticketz and Whaticket store them, and leaves out what the product has not", () => {
    expect(campaignSettingValue("messageInterval", '"15"')).toEqual({ key: "messageInterval", value: 15 });
    expect(campaignSettingValue("greaterInterval", "999999")).toEqual({ key: "greaterInterval", value: 86_400 });
    expect(campaignSettingValue("longerIntervalTrigger", "7.6")).toEqual({ key: "longerIntervalAfter", value: 8 });
    expect(campaignSettingValue("messageInterval", "abc")).toHaveProperty("skip");
    expect(campaignSettingValue("variables", JSON.stringify(JSON.stringify([{ key: "a b", value: "x" }, { key: "nome", value: 1 }, { key: "NOME", value: "y" }])))).toEqual({
      key: "variables",
      value: [{ key: "nome", value: "1" }],
    });
    expect(campaignSettingValue("sabado", "true")).toEqual({ skip: expect.stringContaining("no such setting") });
  });
});

describe("opening hours", () => {
  it("maps ticketz's opening-hours object and Whaticket's two shifts to the product's weekdays, with the time zone", async () => {
    const { api, entries } = await runImport("ticketz");
    const [first, second] = api.opened.map((o) => (o.target as { newCompany: Record<string, unknown> }).newCompany);
    const parsed = companyRecordSchema.parse(first);
    expect(parsed.timezone).toBe("America/Sao_Paulo");
    const days = (list: unknown) => Object.fromEntries((list as { weekdayEn: string; startTime: string; endTime: string }[]).map((d) => [d.weekdayEn, `${d.startTime}-${d.endTime}`]));
    // Two shifts (07-12, 13-19) become one span; Saturday its own; Sunday, named by no rule, closed.
    expect(days(parsed.schedules)).toEqual({ monday: "07:00-19:00", tuesday: "07:00-19:00", wednesday: "07:00-19:00", thursday: "07:00-19:00", friday: "07:00-19:00", saturday: "07:00-13:00", sunday: "-" });
    expect(entries.some((e) => e.company === 1 && /1 dated exception/.test(e.note ?? ""))).toBe(true);
    // Whaticket's startTimeA…endTimeB: Monday 08-12 + 13-18 → 08-18, Saturday's one shift, Sunday closed.
    const other = days(companyRecordSchema.parse(second).schedules);
    expect(other).toMatchObject({ monday: "08:00-18:00", friday: "08:00-17:00", saturday: "08:00-12:00", sunday: "-" });
    const queues = api.rows.get("queues")!;
    expect(days(JSON.parse(String(queues.find((q) => q.name === "Suporte")!.schedules)))).toMatchObject({ monday: "07:00-19:00", saturday: "07:00-19:00", sunday: "-" });
    expect(days(JSON.parse(String(queues.find((q) => q.name === "Vendas")!.schedules)))).toMatchObject({ monday: "08:00-18:00", sunday: "00:00-00:00" });
  }, 60_000);
});

describe("session values", () => {
  it("become BufferJSON as the session host writes it, whatever the writer's age", () => {
    expect(JSON.parse(sessionValue('{"a":{"type":"Buffer","data":[104,105]},"b":{"buffer":true,"value":"aGk="},"c":[1]}')!)).toEqual({
      a: { type: "Buffer", data: "aGk=" },
      b: { type: "Buffer", data: "aGk=" },
      c: [1],
    });
    expect(sessionValue("not json")).toBeNull();
  });
});

describe("ticketz only", () => {
  it("merges the LID duplicate, folds OldMessages into the edited message, tries the Baileys keys on request", async () => {
    const { api, entries } = await runImport("ticketz", { company: 1, carrySessions: true });
    expect(entries.some((e) => e.table === "contacts" && /same lid/.test(e.reason))).toBe(true);
    expect(api.rows.get("contacts")!.some((c) => c.lid)).toBe(true);
    const edited = api.rows.get("messages")!.find((m) => m.data_json && JSON.parse(String(m.data_json)).edits);
    expect(edited?.is_edited).toBe(1);
    expect(JSON.parse(String(edited!.data_json)).edits).toHaveLength(2);
    // --carry-sessions: the import is opened to carry them; each connection's creds (Whatsapps.session) first, then
    // BaileysKeys, every value JSON as the session host keeps it (Buffers as base64).
    expect(api.carry).toEqual([true]);
    const keys = api.rows.get("whatsapp_session_keys")!;
    expect(keys.map((k) => `${k.whatsapp_id}:${k.type}:${k.key_id}`)).toEqual(["1:creds:", "1:app-state-sync-key:AAAAAFxp", "1:pre-key:1", "1:session:5511987654321.0"]);
    const creds = JSON.parse(String(keys[0]!.value));
    expect(creds).toMatchObject({ registrationId: 4242, me: { id: "5511999990001:12@s.whatsapp.net" }, noiseKey: { private: { type: "Buffer", data: "aGVsbG8tbm9pc2UtcHJpdmF0ZS1rZXktMDAwMDAwMDA=" } } });
    expect(entries.some((e) => /session keys refused/.test(e.note ?? ""))).toBe(false);
    expect(api.rows.get("whatsapps")!.some((w) => w.status === "OPENING")).toBe(true);
    expect(api.finished.every((f) => f.keep)).toBe(true);
  }, 60_000);
});

describe("the installation's platform rows", () => {
  it("a whole-installation run of ticketz sends its helps and announcements, to every company as ticketz shows them; a second run sends none", async () => {
    const api = new RecordingApi();
    const first = await runImport("ticketz", { api });
    expect(first.api.created.helps).toEqual(["Como conectar o WhatsApp"]);
    expect(api.helps[0]).toMatchObject({ title: "Como conectar o WhatsApp", video: "aBcDeFgHiJk", description: "Leia o QR code pelo celular em Aparelhos conectados." });
    // Help 2 has only a link, not a YouTube video: a ZapDesk help is one, so it is reported, not sent.
    expect(first.entries.some((e) => e.table === "helps" && e.key === 2 && /not a YouTube video \(link https:\/\/example.com\/ajuda\/filas\)/.test(e.reason))).toBe(true);
    expect(first.api.created.announcements).toEqual(["Manutenção programada", "Novo recurso"]);
    expect(api.announcements.map(({ title, priority, status, companyIds }) => ({ title, priority, status, companyIds }))).toEqual([
      { title: "Manutenção programada", priority: 1, status: true, companyIds: null },
      { title: "Novo recurso", priority: 3, status: false, companyIds: null },
    ]);
    const second = await runImport("ticketz", { api });
    expect(second.api.opened).toHaveLength(2);
    expect(second.api.created).toEqual({ helps: [], announcements: [] });
    expect(api.helps).toHaveLength(1);
    expect(api.announcements).toHaveLength(2);
    expect(second.entries.filter((e) => /already in ZapDesk/.test(e.reason ?? "")).map((e) => `${e.table}:${e.key}`)).toEqual(["helps:1", "announcements:1", "announcements:2"]);
  }, 60_000);

  it("a whole-installation run of Whaticket SaaS sends its help and announcement; a second run sends none", async () => {
    const api = new RecordingApi();
    await runImport("whaticket-saas", { api });
    expect(api.created.helps).toEqual(["Como conectar o WhatsApp"]);
    expect(api.announcements.map(({ title, priority, status, companyIds }) => ({ title, priority, status, companyIds }))).toEqual([
      { title: "Manutenção programada", priority: 1, status: true, companyIds: null },
    ]);
    await runImport("whaticket-saas", { api });
    expect(api.created).toEqual({ helps: [], announcements: [] });
    expect(api.helps).toHaveLength(1);
    expect(api.announcements).toHaveLength(1);
  }, 60_000);

  it("the platform's rows come in even when a company is left out (its name is taken): they are the platform's, not that company's", async () => {
    const { api } = await runImport("ticketz", { taken: ["Padaria Pão Quente"] });
    expect(api.created.announcements).toEqual(["Manutenção programada", "Novo recurso"]);
    expect(api.created.helps).toEqual(["Como conectar o WhatsApp"]);
  }, 60_000);

  it("an announcement's file is uploaded to it from the old public folder; a missing one is reported", async () => {
    const url = await createDatabase(server.url, "ticketz_announcement_media");
    await psql(url, { file: path.join(FIXTURES, "ticketz", "schema.sql") });
    await psql(url, { file: path.join(FIXTURES, "ticketz", "data.sql") });
    await psql(url, { sql: `update "Announcements" set "mediaPath" = case id when 1 then 'campanha-natal.jpg' else 'gone.pdf' end, "mediaName" = case id when 1 then 'natal.jpg' else 'gone.pdf' end;` });
    const { api, entries } = await runImport("ticketz", { from: url });
    expect(api.uploads).toEqual([{ id: 1, name: "natal.jpg", bytes: expect.any(Number), type: "image/jpeg" }]);
    expect(api.uploads[0]!.bytes).toBeGreaterThan(0);
    expect(api.created.announcements).toHaveLength(2);
    expect(entries.some((e) => e.table === "media" && e.key === "announcement 2" && /missing announcement file gone.pdf/.test(e.reason))).toBe(true);
  }, 60_000);
});
