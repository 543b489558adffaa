import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, connectionRoutes, loginEmails, platformAuditLog } from "../../db/control";
import { auditLog, dataImports, messages, settings, tickets, users } from "../../db/tenant";
import { idRangeStart } from "../../contracts/ids";
import { IMPORT_TABLE_ORDER, moveRow } from "../../db/companyArchive";
import { readCampaignSettings } from "../../domain/campaigns/settings";
import { bridgeCall } from "../../testing/bridge";
import { call, companyWithTeam, control, inTenant, loginAs, platformAdmin, testEnv } from "../../testing/fixtures";

let superToken: string;
let team: Awaited<ReturnType<typeof companyWithTeam>>;
beforeAll(async () => {
  superToken = (await platformAdmin()).user.token;
  team = await companyWithTeam();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;
const OLD_PASSWORD = "senha-antiga-1";
const bcryptHash = bcrypt.hashSync(OLD_PASSWORD, 4).replace(/^\$2b\$/, "$2a$");

/** A small ticketz-like company (serial ids from 1), as the importer turns its rows into tenant rows. */
function legacySource(tag = unique("src")) {
  const now = Date.now();
  const admin = { id: 1, company_id: 7, name: "Ana Antiga", email: `ana.${tag}@legacy.test`, password_hash: bcryptHash, profile: "admin", super: 1 };
  return {
    tag,
    admin,
    tables: {
      settings: [{ id: 1, company_id: 7, key: "userRating", value: "enabled" }],
      contacts: [
        { id: 1, company_id: 7, name: `Cliente ${tag}`, number: "5511999990001", created_at: now, updated_at: now },
        { id: 2, company_id: 7, name: `Outra ${tag}`, number: "5511999990002" },
      ],
      queues: [{ id: 1, company_id: 7, name: "Vendas", color: "#aa0000" }],
      users: [admin, { id: 2, company_id: 7, name: "Beto", email: `beto.${tag}@legacy.test`, password_hash: bcryptHash, profile: "user" }],
      tickets: [
        { id: 1, company_id: 7, status: "open", contact_id: 1, user_id: 1, queue_id: 1, last_message: "até logo" },
        { id: 9, company_id: 7, status: "open", contact_id: 99 },
      ],
      messages: [
        { id: 1, wid: `w1${tag}`, company_id: 7, ticket_id: 1, contact_id: 1, body: "olá, preciso de ajuda", from_me: 0 },
        { id: 2, wid: `w2${tag}`, company_id: 7, ticket_id: 1, body: "claro", from_me: 1, user_id: 1 },
        { id: 3, wid: `w3${tag}`, company_id: 7, ticket_id: 1, body: "foto", from_me: 0, quoted_msg_id: 2, media_type: "image", media_url: "companies/7/media/foto.jpg" },
        { id: 4, wid: `w4${tag}`, company_id: 7, ticket_id: 1, body: "cita o que não veio", quoted_msg_id: 777 },
      ],
    } as Record<string, Record<string, unknown>[]>,
  };
}

const source = (tag: string) => ({ kind: "ticketz", companyId: 7, fingerprint: `fp-${tag}` });

async function runImport(target: unknown, src: ReturnType<typeof legacySource>) {
  const opened = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(src.tag), target } });
  expect(opened.status).toBe(201);
  const id = opened.json.id as number;
  const batches: Record<string, { inserted: number; existing: number; skipped: { key: unknown; reason: string }[]; notes: unknown[] }> = {};
  for (const table of IMPORT_TABLE_ORDER) {
    const rows = src.tables[table];
    if (!rows) continue;
    const res = await call("POST", `/api/platform/imports/${id}/rows`, { token: superToken, body: { table, rows, lastKey: rows.at(-1)!.id as number } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    batches[table] = res.json;
  }
  const media = await call("PUT", `/api/platform/imports/${id}/media?key=${encodeURIComponent("companies/7/media/foto.jpg")}`, {
    token: superToken,
    rawBody: new Uint8Array([1, 2, 3, 4]),
    headers: { "content-type": "image/jpeg" },
  });
  expect(media.status, JSON.stringify(media.json)).toBe(200);
  const finished = await call("POST", `/api/platform/imports/${id}/finish`, { token: superToken, body: {} });
  expect(finished.status, JSON.stringify(finished.json)).toBe(200);
  return { id, companyId: opened.json.companyId as number, opened: opened.json, batches, finished: finished.json };
}

describe("POST /api/platform/imports", () => {
  it("indexes the logins of a company with more users than one control-database statement binds", async () => {
    const src = legacySource();
    // 40 agents: 120 values in one insert would pass D1's 100-variable limit (the bench's 40-user company did).
    for (let i = 3; i <= 42; i++) src.tables.users!.push({ id: i, company_id: 7, name: `Agente ${i}`, email: `agente${i}.${src.tag}@legacy.test`, password_hash: bcryptHash, profile: "user" });
    const run = await runImport({ newCompany: { name: `Muitos ${src.tag}` }, plan: null }, src);
    expect(run.finished.loginEmails).toEqual({ indexed: 42, skipped: [] });
    const held = await control.select().from(loginEmails).where(eq(loginEmails.companyId, run.companyId)).all();
    expect(held).toHaveLength(42);
  });

  it("imports a legacy company into a new one: ids in its range, orphans skipped with reason, readable through the API", async () => {
    const src = legacySource();
    const name = `Importada ${src.tag}`;
    const run = await runImport({ newCompany: { name, email: `${src.tag}@legacy.test`, due_date: "2030-01-01" }, plan: { name: `Plano ${src.tag}`, users: 10, connections: 2, queues: 5 } }, src);
    const companyId = run.companyId;
    const base = idRangeStart(companyId);
    expect(run.opened.offset).toBe(0);
    expect(run.batches.tickets!.inserted).toBe(1);
    expect(run.batches.tickets!.skipped).toEqual([{ key: 9, reason: expect.stringContaining("orphan: contact_id") }]);
    expect(run.batches.messages!.inserted).toBe(4);
    expect(run.batches.messages!.notes).toEqual([{ key: 4, reason: expect.stringContaining("quoted_msg_id emptied") }]);
    expect(run.finished.loginEmails.indexed).toBe(2);

    const company = await control.select().from(companies).where(eq(companies.id, companyId)).get();
    expect(company).toMatchObject({ name, dueDate: "2030-01-01" });
    const stored = await inTenant(companyId, (db) => ({
      tickets: db.select().from(tickets).where(eq(tickets.companyId, companyId)).all(),
      messages: db.select().from(messages).where(eq(messages.companyId, companyId)).all(),
      users: db.select().from(users).where(eq(users.companyId, companyId)).all(),
      rating: db.select().from(settings).where(eq(settings.key, "userRating")).get(),
    }));
    expect(stored.tickets.map((t) => t.id)).toEqual([base + 1]);
    expect(stored.tickets[0]).toMatchObject({ contactId: base + 1, userId: base + 1, queueId: base + 1 });
    expect(stored.messages.find((m) => m.id === base + 3)).toMatchObject({ quotedMsgId: base + 2, mediaUrl: `companies/${companyId}/media/foto.jpg` });
    expect(stored.users.every((u) => u.super === false)).toBe(true);
    expect(stored.rating?.value).toBe("enabled");
    expect(await testEnv.MEDIA.get(`companies/${companyId}/media/foto.jpg`)).not.toBeNull();

    // The imported admin signs in with the old password; the bcrypt hash is replaced by the product's own.
    await loginAs(src.admin.email, OLD_PASSWORD);
    const after = await inTenant(companyId, (db) => db.select().from(users).where(eq(users.id, base + 1)).get());
    expect(after!.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    const token = await loginAs(src.admin.email, OLD_PASSWORD);
    const wrong = await call("POST", "/api/auth/login", { body: { email: src.admin.email, password: "nope-nope-1" }, ip: unique("ip") });
    expect(wrong.status).toBe(401);

    const list = await call("GET", "/api/tickets?status=open&showAll=true", { token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).toContain(`Cliente ${src.tag}`);
    const msgs = await call("GET", `/api/messages/${base + 1}`, { token });
    expect(msgs.status).toBe(200);
    expect(JSON.stringify(msgs.json)).toContain("olá, preciso de ajuda");
    // The search finds the imported conversation by a word of its message (the inserts' triggers indexed it).
    const found = await call("GET", "/api/tickets?status=open&showAll=true&searchParam=preciso", { token });
    expect(JSON.stringify(found.json)).toContain(`Cliente ${src.tag}`);
    const contacts = await call("GET", "/api/contacts", { token });
    expect(JSON.stringify(contacts.json)).toContain(`Outra ${src.tag}`);

    // A second identical run continues the same import and inserts nothing.
    const again = await runImport({ newCompany: { name }, plan: null }, src);
    expect(again.id).toBe(run.id);
    for (const [table, batch] of Object.entries(again.batches)) {
      if (table !== "settings") expect(batch.inserted, table).toBe(0);
    }
    const state = await call("GET", `/api/platform/imports/${run.id}`, { token: superToken });
    expect(state.status).toBe(200);
    expect(state.json.tables.messages).toEqual({ rows: 4, lastKey: 4 });
    expect(state.json.finishedAt).not.toBeNull();
    const audit = await control.select().from(platformAuditLog).where(eq(platformAuditLog.companyId, companyId)).all();
    expect(audit.filter((a) => a.action === "company.imported").length).toBeGreaterThanOrEqual(2);
  });

  it("makes the new company with the source's time zone and service hours (json text or array)", async () => {
    const src = legacySource();
    const name = `Horários ${src.tag}`;
    const hours = [
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "07:00", endTime: "19:00" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" },
    ];
    const opened = await call("POST", "/api/platform/imports", {
      token: superToken,
      body: { source: source(src.tag), target: { newCompany: { name, timezone: "America/Manaus", schedules: JSON.stringify(hours) }, plan: null } },
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    const company = await control.select().from(companies).where(eq(companies.id, opened.json.companyId)).get();
    expect(company).toMatchObject({ timezone: "America/Manaus", schedules: hours });
    const bad = await call("POST", "/api/platform/imports", {
      token: superToken,
      body: { source: source(unique("bad")), target: { newCompany: { name: `${name} 2`, schedules: [{ weekday: "x", weekdayEn: "someday", startTime: "7", endTime: "" }] }, plan: null } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("target");
  });

  it("takes the campaign settings as the campaigns read them, over the company's own", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    src.tables.campaign_settings = [
      { id: 1, company_id: 7, key: "messageInterval", value: "15" },
      { id: 2, company_id: 7, key: "longerIntervalAfter", value: "30" },
      { id: 3, company_id: 7, key: "variables", value: JSON.stringify([{ key: "cupom", value: "NATAL10" }]) },
    ];
    await runImport({ companyId: target.company.id }, src);
    const values = await inTenant(target.company.id, (db) => readCampaignSettings(db, target.company.id));
    expect(values).toMatchObject({ messageInterval: 15, longerIntervalAfter: 30, greaterInterval: 60, variables: [{ key: "cupom", value: "NATAL10" }] });
  });

  it("imports into an existing empty company above its ids, and refuses one with conversations", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    const run = await runImport({ companyId: target.company.id }, src);
    const base = idRangeStart(target.company.id);
    expect(run.opened.offset).toBeGreaterThanOrEqual(target.agent.id - base);
    const ticketIds = await inTenant(target.company.id, (db) => db.select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, target.company.id)).all());
    expect(ticketIds).toEqual([{ id: base + run.opened.offset + 1 }]);
    // The company's own admin still works, and sees the imported ticket.
    const list = await call("GET", "/api/tickets?status=open&showAll=true", { token: target.admin.token });
    expect(JSON.stringify(list.json)).toContain(`Cliente ${src.tag}`);

    const other = legacySource();
    const refused = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(other.tag), target: { companyId: target.company.id } } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe("ERR_IMPORT_TARGET_NOT_EMPTY");
  });

  it("two imports into two companies at once do not cross", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const [srcA, srcB] = [legacySource(), legacySource()];
    const [runA, runB] = await Promise.all([runImport({ companyId: a.company.id }, srcA), runImport({ companyId: b.company.id }, srcB)]);
    for (const [run, mine, theirs] of [
      [runA, srcA, srcB],
      [runB, srcB, srcA],
    ] as const) {
      const names = await inTenant(run.companyId, (db) => db.select({ name: users.name, email: users.email, companyId: users.companyId }).from(users).all());
      expect(names.map((n) => n.email)).toContain(mine.admin.email);
      expect(names.map((n) => n.email)).not.toContain(theirs.admin.email);
      expect(names.every((n) => n.companyId === run.companyId)).toBe(true);
      const route = await control.select().from(loginEmails).where(eq(loginEmails.email, mine.admin.email)).get();
      expect(route?.companyId).toBe(run.companyId);
    }
  });

  it("answers 400 naming the row and column of a row that does not fit, and writes nothing of the batch", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    const opened = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(src.tag), target: { companyId: target.company.id } } });
    const rows = [src.tables.contacts![0], { id: 2, company_id: 7, name: "Sem número" }];
    const res = await call("POST", `/api/platform/imports/${opened.json.id}/rows`, { token: superToken, body: { table: "contacts", rows, lastKey: 2 } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty("rows.1.number");
    const bogus = await call("POST", `/api/platform/imports/${opened.json.id}/rows`, { token: superToken, body: { table: "contacts", rows: [{ ...rows[0], colour: "x" }] } });
    expect(bogus.status).toBe(400);
    expect(Object.keys(bogus.json.fields)[0]).toMatch(/^rows\.0\./);
    const unknownTable = await call("POST", `/api/platform/imports/${opened.json.id}/rows`, { token: superToken, body: { table: "user_sessions", rows: [] } });
    expect(unknownTable.status).toBe(400);
    const state = await call("GET", `/api/platform/imports/${opened.json.id}`, { token: superToken });
    expect(state.json.tables).toEqual({});
    const stored = await inTenant(target.company.id, (db) => db.select().from(dataImports).all());
    expect(stored).toHaveLength(1);
  });

  it("takes a batch above the API's 1 MiB JSON limit (up to 2,000 rows, 8 MiB) in one go", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    const opened = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(src.tag), target: { companyId: target.company.id } } });
    const filler = "x".repeat(900);
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, company_id: 7, name: `C${i} ${filler}`, number: `55119${String(i).padStart(8, "0")}` }));
    const res = await call("POST", `/api/platform/imports/${opened.json.id}/rows`, { token: superToken, body: { table: "contacts", rows, lastKey: 2000 } });
    expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
    expect(res.json).toMatchObject({ inserted: 2000, existing: 0, skipped: [] });
    const tooMany = await call("POST", `/api/platform/imports/${opened.json.id}/rows`, { token: superToken, body: { table: "contacts", rows: [...rows, { ...rows[0], id: 2001 }] } });
    expect(tooMany.status).toBe(400);
  });

  it("is the platform admin's only: a company admin gets 403, an unknown import 404", async () => {
    const src = legacySource();
    const forbidden = await call("POST", "/api/platform/imports", { token: team.admin.token, body: { source: source(src.tag), target: { companyId: team.company.id } } });
    expect(forbidden.status).toBe(403);
    const junk = await call("POST", "/api/platform/imports/123/rows", { token: team.admin.token, body: "not json" });
    expect(junk.status).toBe(403);
    expect((await call("GET", `/api/platform/imports/${idRangeStart(team.company.id) + 999_999}`, { token: team.admin.token })).status).toBe(403);
    expect((await call("GET", `/api/platform/imports/${idRangeStart(team.company.id) + 999_999}`, { token: superToken })).status).toBe(404);
    expect((await call("GET", `/api/platform/imports/${idRangeStart(987_654) + 1}`, { token: superToken })).status).toBe(404);
    expect((await call("POST", `/api/platform/imports/${idRangeStart(team.company.id) + 999_999}/finish`, { token: superToken, body: {} })).status).toBe(404);
  });

  it("keeps imported connections disconnected, with a legacy external-API token stored hashed", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    src.tables.whatsapps = [{ id: 1, company_id: 7, name: `Zap ${src.tag}`, status: "CONNECTED", token_hash: `plain-token-${src.tag}` }];
    const run = await runImport({ companyId: target.company.id }, src);
    const whatsappId = idRangeStart(target.company.id) + run.opened.offset + 1;
    const route = await control.select().from(connectionRoutes).where(eq(connectionRoutes.whatsappId, whatsappId)).get();
    expect(route).toMatchObject({ companyId: target.company.id, status: "DISCONNECTED" });
    expect(route!.tokenHash).not.toBe(`plain-token-${src.tag}`);
    expect(route!.tokenHash).toHaveLength(43);
  });
});

describe("carrying the WhatsApp sessions (--carry-sessions)", () => {
  const creds = {
    noiseKey: { private: { type: "Buffer", data: "bm9pc2UtcHJpdmF0ZQ==" }, public: { type: "Buffer", data: "bm9pc2UtcHVibGlj" } },
    signedIdentityKey: { private: { type: "Buffer", data: "aWQtcHJpdmF0ZQ==" }, public: { type: "Buffer", data: "aWQtcHVibGlj" } },
    registrationId: 4242,
    me: { id: "5511999990001:12@s.whatsapp.net", name: "Padaria" },
    account: { details: "ZGV0YWlscw==" },
    registered: true,
  };
  const sessionRows = (tag: string) => ({
    whatsapps: [{ id: 1, company_id: 7, name: `Zap ${tag}`, status: "OPENING" }],
    whatsapp_session_keys: [
      { whatsapp_id: 1, type: "creds", key_id: "", value: JSON.stringify(creds) },
      { whatsapp_id: 1, type: "pre-key", key_id: "1", value: JSON.stringify({ public: { type: "Buffer", data: "cA==" }, private: { type: "Buffer", data: "cQ==" } }) },
      { whatsapp_id: 1, type: "session", key_id: "55119.0", value: "not json" },
    ],
  });

  it("a legacy import opened to carry them takes the keys: the session host's state read answers the carried creds, the connection starts", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    Object.assign(src.tables, sessionRows(src.tag));
    const opened = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(src.tag), target: { companyId: target.company.id }, carrySessions: true } });
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    const id = opened.json.id as number;
    for (const table of ["whatsapps", "whatsapp_session_keys"]) {
      const res = await call("POST", `/api/platform/imports/${id}/rows`, { token: superToken, body: { table, rows: src.tables[table], lastKey: 1 } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      if (table === "whatsapp_session_keys") {
        expect(res.json.inserted).toBe(2);
        expect(res.json.skipped).toEqual([{ key: "1:session:55119.0", reason: expect.stringContaining("not JSON") }]);
      }
    }
    const finished = await call("POST", `/api/platform/imports/${id}/finish`, { token: superToken, body: { keepConnectionStatus: true } });
    expect(finished.status, JSON.stringify(finished.json)).toBe(200);
    const whatsappId = idRangeStart(target.company.id) + (opened.json.offset as number) + 1;
    const state = await bridgeCall("GET", `/bridge/sessions/${whatsappId}`);
    expect(state.status).toBe(200);
    expect(state.json.creds).toEqual(creds);
    expect(state.json.keys["pre-key"]["1"]).toEqual({ public: { type: "Buffer", data: "cA==" }, private: { type: "Buffer", data: "cQ==" } });
    const route = await control.select().from(connectionRoutes).where(eq(connectionRoutes.whatsappId, whatsappId)).get();
    expect(route).toMatchObject({ companyId: target.company.id, status: "OPENING" });
  });

  it("without the flag the keys are refused (and a ZapDesk archive cannot ask for it)", async () => {
    const target = await companyWithTeam();
    const src = legacySource();
    Object.assign(src.tables, sessionRows(src.tag));
    const opened = await call("POST", "/api/platform/imports", { token: superToken, body: { source: source(src.tag), target: { companyId: target.company.id } } });
    expect(opened.status).toBe(201);
    const id = opened.json.id as number;
    await call("POST", `/api/platform/imports/${id}/rows`, { token: superToken, body: { table: "whatsapps", rows: src.tables.whatsapps, lastKey: 1 } });
    const refused = await call("POST", `/api/platform/imports/${id}/rows`, { token: superToken, body: { table: "whatsapp_session_keys", rows: src.tables.whatsapp_session_keys, lastKey: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.json.fields.table).toMatch(/carrySessions/);
    const zapdesk = await call("POST", "/api/platform/imports", {
      token: superToken,
      body: { source: { kind: "zapdesk", companyId: 4242, fingerprint: `fp-${src.tag}-zd` }, target: { companyId: target.company.id }, carrySessions: true },
    });
    expect(zapdesk.status).toBe(400);
    expect(zapdesk.json.fields).toHaveProperty("carrySessions");
  });
});

describe("an archive of another ZapDesk", () => {
  it("moves its ids from the source company's range into the target's, and logs the import in the company", async () => {
    const target = await companyWithTeam();
    const sourceId = 4242;
    const from = idRangeStart(sourceId);
    const tag = unique("zd");
    const opened = await call("POST", "/api/platform/imports", {
      token: superToken,
      body: { source: { kind: "zapdesk", companyId: sourceId, fingerprint: `fp-${tag}` }, target: { companyId: target.company.id } },
    });
    expect(opened.status).toBe(201);
    const id = opened.json.id as number;
    const rows = async (table: string, list: Record<string, unknown>[]) =>
      (await call("POST", `/api/platform/imports/${id}/rows`, { token: superToken, body: { table, rows: list, lastKey: String(list.at(-1)!.id) } })).json;
    expect((await rows("contacts", [{ id: from + 5, company_id: sourceId, name: `Zd ${tag}`, number: "5511988887777" }])).inserted).toBe(1);
    expect((await rows("tickets", [{ id: from + 6, company_id: sourceId, contact_id: from + 5, status: "pending" }])).inserted).toBe(1);
    expect((await call("POST", `/api/platform/imports/${id}/finish`, { token: superToken, body: {} })).status).toBe(200);
    const to = idRangeStart(target.company.id) + (opened.json.offset as number);
    const stored = await inTenant(target.company.id, (db) => ({
      ticket: db.select().from(tickets).where(eq(tickets.id, to + 6)).get(),
      audit: db.select().from(auditLog).where(eq(auditLog.action, "company.imported")).all(),
    }));
    expect(stored.ticket).toMatchObject({ companyId: target.company.id, contactId: to + 5, status: "pending" });
    expect(stored.audit).toHaveLength(1);
    expect(stored.audit[0]).toMatchObject({ actorKind: "super", targetType: "company" });
  });
});

describe("moveRow", () => {
  it("moves ids, the company, media keys and ids inside json, and empties sealed secrets", () => {
    const move = { sourceBase: idRangeStart(3), targetBase: idRangeStart(12), offset: 5, sourceCompanyId: 3, targetCompanyId: 12 };
    const rule = moveRow(
      "automation_rules",
      { id: idRangeStart(3) + 4, company_id: 3, conditions: JSON.stringify([{ field: "tag", tagId: idRangeStart(3) + 9 }]), actions: JSON.stringify([{ type: "addTags", tagIds: [idRangeStart(3) + 9] }]) },
      move,
    );
    expect(rule).toMatchObject({ id: idRangeStart(12) + 9, company_id: 12 });
    expect(JSON.parse(rule.conditions as string)).toEqual([{ field: "tag", tagId: idRangeStart(12) + 14 }]);
    expect(JSON.parse(rule.actions as string)).toEqual([{ type: "addTags", tagIds: [idRangeStart(12) + 14] }]);
    const prompt = moveRow("prompts", { id: idRangeStart(3) + 1, company_id: 3, name: "p", prompt: "x", api_key: "sealed:abc", queue_id: 0 }, move);
    expect(prompt).toMatchObject({ api_key: "", queue_id: 0 });
    const message = moveRow("messages", { id: idRangeStart(3) + 2, media_url: "companies/3/media/a.png", body: "veja companies/3/x" }, move);
    expect(message).toMatchObject({ media_url: "companies/12/media/a.png", body: "veja companies/12/x" });
  });
});
