import { unzipSync, strFromU8 } from "fflate";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  campaignOptOuts,
  contactConsentChanges,
  contactCustomFields,
  contactListItems,
  contactLists,
  contacts,
  messages,
  schedules,
  ticketNotes,
  tickets,
  ticketTracking,
  typebotSessions,
  userRatings,
} from "../../db/tenant";
import { runInDurableObject } from "cloudflare:test";
import { call, hubInstanceOf, inHub, inTenant, setSetting, testEnv } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { rawCall } from "../../testing/records";
import { PNG } from "../../testing/media";
import { ERASED_CONTACT_NAME } from "../../contracts/privacy";
import { applyRetention, RETENTION_REST_MS, RETENTION_SLICES_PER_RUN, RETENTION_TICKETS_PER_SLICE, type RetentionMark } from "./applyRetention";
import { optOutKey } from "./optOutKey";
import { marketingBlocked } from "../consent/marketingBlocked";
import { writeConsent } from "../consent/writeConsent";

const DAY = 24 * 60 * 60 * 1000;
let seq = 0;

/** A contact with a life in the company: two tickets (one closed), messages with a photo, a note, a rating, a field, a list entry, an opt-out, a schedule, a bot session. */
async function richContact(companyId: number, opts: { name: string; number: string; word: string; userId: number; queueId: number; whatsappId: number }) {
  const n = ++seq;
  const contact = await createContact(companyId, { name: opts.name, number: opts.number, email: `${opts.word}@example.com` });
  const closed = await createTicketRow(companyId, { contactId: contact.id, status: "closed", userId: opts.userId, queueId: opts.queueId, whatsappId: opts.whatsappId, lastMessage: `Obrigado ${opts.word}` });
  const open = await createTicketRow(companyId, { contactId: contact.id, status: "open", userId: opts.userId, queueId: opts.queueId, whatsappId: opts.whatsappId, lastMessage: `Outro ${opts.word}` });
  const key = `companies/${companyId}/messages/test/${opts.word}-${n}.png`;
  await testEnv.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  await createMessageRow(companyId, { ticketId: closed.id, contactId: contact.id, body: `Meu pedido ${opts.word} atrasou, sou ${opts.name}`, dataJson: JSON.stringify({ from: opts.number }) });
  await createMessageRow(companyId, { ticketId: closed.id, contactId: contact.id, body: "", mediaType: "image", mediaUrl: key, mediaName: `${opts.word}.png` });
  await createMessageRow(companyId, { ticketId: closed.id, fromMe: true, userId: opts.userId, body: `Olá ${opts.name}, seu ${opts.word} chega amanhã` });
  await createMessageRow(companyId, { ticketId: open.id, contactId: contact.id, body: `Ainda sobre o ${opts.word}` });
  await inTenant(companyId, (db) => {
    db.insert(ticketNotes).values({ companyId, ticketId: closed.id, contactId: contact.id, userId: opts.userId, note: `Cliente ${opts.name} ligou sobre ${opts.word}` }).run();
    db.insert(userRatings).values({ companyId, ticketId: closed.id, userId: opts.userId, rate: 3 }).run();
    db.insert(ticketTracking).values({ companyId, ticketId: closed.id, action: "close", toStatus: "closed", byUserId: opts.userId }).run();
    db.insert(contactCustomFields).values({ companyId, contactId: contact.id, name: "CPF", value: `cpf-${opts.word}` }).run();
    const list = db.insert(contactLists).values({ companyId, name: `Lista ${n}` }).returning().get();
    db.insert(contactListItems).values({ companyId, contactListId: list.id, name: opts.name, number: opts.number }).run();
    // The person opted out of marketing by answering a campaign (the history's detail quotes the word they wrote).
    writeConsent(db, companyId, contact.id, { state: "revoked", how: "stopWord", userId: null, detail: `SAIR ${opts.word}` });
    db.insert(schedules).values({ companyId, contactId: contact.id, ticketId: open.id, body: `Lembrete ${opts.word}`, sendAt: new Date(Date.now() + DAY), userId: opts.userId }).run();
    db.insert(typebotSessions).values({ companyId, ticketId: open.id, integrationId: 1, sessionId: `s-${opts.word}`, choices: JSON.stringify([`opção ${opts.word}`]), lastAt: new Date() }).run();
  });
  return { contact, closed, open, key };
}

/** The hub's own SQL handle (for what Drizzle does not model: sqlite_master, the FTS tables, query plans). */
function sqlOf<T>(companyId: number, use: (sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(hubInstanceOf(companyId), async (hub, state) => {
    await hub.ready(companyId);
    return use(state.storage.sql);
  });
}

/** Every row of every table of the company's SQLite (FTS tables and their shadow tables too) holding `needle`. */
async function tracesOf(companyId: number, needle: string): Promise<string[]> {
  return sqlOf(companyId, (sqlOf) => {
    const found: string[] = [];
    const tables = sqlOf
      .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'")
      .toArray();
    for (const { name } of tables) {
      const columns = sqlOf.exec<{ name: string }>(`select name from pragma_table_info('${name}')`).toArray();
      for (const column of columns) {
        const [row] = sqlOf
          .exec<{ n: number }>(`select count(*) as n from "${name}" where instr(lower(cast("${column.name}" as text)), lower(?)) > 0`, needle)
          .toArray();
        if (row!.n > 0) found.push(`${name}.${column.name}`);
      }
    }
    const [fts] = sqlOf.exec<{ n: number }>("select count(*) as n from messages_fts where messages_fts match ?", `"${needle.toLowerCase()}"`).toArray();
    if (fts!.n > 0) found.push("messages_fts MATCH");
    return found;
  });
}

async function team() {
  const t = await inboxCompany();
  const word = `pitangueira${++seq}x`;
  const person = await richContact(t.company.id, { name: `Hermenegilda Quaresma${seq}`, number: `55119876${String(50000 + seq).padStart(5, "0")}`, word, userId: t.agent.id, queueId: t.sales.id, whatsappId: t.connection.id });
  return { ...t, word, person };
}

const dashboardOf = async (token: string) => {
  const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
  const to = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  const res = await call("GET", `/api/dashboard?date_from=${from}&date_to=${to}`, { token });
  expect(res.status).toBe(200);
  return res.json;
};

describe("erasing a contact's personal data", () => {
  it("leaves no trace of their name, number or words in any table nor their media in R2, and the dashboard's numbers as they were", async () => {
    const t = await team();
    const { contact, key } = t.person;
    // Another contact of the company, and the same number in another company: untouched.
    const other = await richContact(t.company.id, { name: "Benedita Outra", number: "5511900001111", word: `jabuticaba${seq}y`, userId: t.agent.id, queueId: t.sales.id, whatsappId: t.connection.id });
    const elsewhere = await inboxCompany();
    const twin = await richContact(elsewhere.company.id, { name: contact.name, number: contact.number, word: t.word, userId: elsewhere.agent.id, queueId: elsewhere.sales.id, whatsappId: elsewhere.connection.id });
    // An export and a correction before: the audit log names the contact.
    expect((await rawCall("GET", `/api/contacts/${contact.id}/export`, t.admin.token)).status).toBe(200);
    expect((await call("PUT", `/api/contacts/${contact.id}`, { token: t.admin.token, body: { email: `novo.${t.word}@example.com` } })).status).toBe(200);

    const before = await dashboardOf(t.admin.token);
    for (const needle of [contact.name, contact.number, t.word]) expect((await tracesOf(t.company.id, needle)).length, needle).toBeGreaterThan(0);

    const res = await call("POST", `/api/contacts/${contact.id}/erase`, { token: t.supervisor.token, body: { confirm: contact.name.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ contactId: contact.id, tickets: 2, messages: 4, files: 1 });

    for (const needle of [contact.name, contact.number, t.word, "Hermenegilda"]) expect(await tracesOf(t.company.id, needle), needle).toEqual([]);
    expect(await testEnv.MEDIA.head(key)).toBeNull();
    expect(await dashboardOf(t.admin.token)).toEqual(before);

    const erased = await inTenant(t.company.id, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).get()!);
    expect(erased).toMatchObject({ name: ERASED_CONTACT_NAME, email: "", lid: null });
    expect(erased.number).not.toMatch(/^\d+$/);
    // The revoked consent stays as the number's hash: campaigns and marketing schedules still skip the number.
    const optOut = await inTenant(t.company.id, (db) => db.select().from(campaignOptOuts).where(eq(campaignOptOuts.number, optOutKey(contact.number))).get());
    expect(optOut).toMatchObject({ word: "stopWord" });
    expect(await inTenant(t.company.id, (db) => marketingBlocked(db, t.company.id, contact.number))).toBe(true);
    // The consent history stays as proof, without the word the person wrote.
    const consentHistory = await inTenant(t.company.id, (db) => db.select().from(contactConsentChanges).where(eq(contactConsentChanges.contactId, contact.id)).all());
    expect(consentHistory).toEqual([expect.objectContaining({ state: "revoked", how: "stopWord", detail: "" })]);
    // Statistics rows stay: tickets with their statuses, the rating, the history.
    const kept = await inTenant(t.company.id, (db) => ({
      tickets: db.select({ status: tickets.status }).from(tickets).where(eq(tickets.contactId, contact.id)).all(),
      ratings: db.select().from(userRatings).where(eq(userRatings.ticketId, t.person.closed.id)).all(),
      messages: db.select({ body: messages.body, isDeleted: messages.isDeleted }).from(messages).where(eq(messages.ticketId, t.person.closed.id)).all(),
    }));
    expect(kept.tickets.map((x) => x.status).sort()).toEqual(["closed", "open"]);
    expect(kept.ratings).toHaveLength(1);
    expect(kept.messages).toEqual([...Array(3)].map(() => ({ body: "", isDeleted: true })));
    const audit = await inTenant(t.company.id, (db) => db.select().from(auditLog).where(and(eq(auditLog.targetType, "contact"), eq(auditLog.targetId, String(contact.id)))).all());
    expect(audit.map((a) => a.action).sort()).toEqual(["contact.corrected", "contact.erased", "contact.exported"]);

    // The other contact and the other company's twin keep everything.
    expect(await tracesOf(t.company.id, other.contact.name)).toContain("contacts.name");
    expect(await testEnv.MEDIA.head(other.key)).not.toBeNull();
    expect(await tracesOf(elsewhere.company.id, t.word)).toEqual(expect.arrayContaining(["messages.body", "messages_fts MATCH", "ticket_notes.note"]));
    expect(await testEnv.MEDIA.head(twin.key)).not.toBeNull();
    expect(await tracesOf(elsewhere.company.id, contact.number)).toContain("contacts.number");
  });

  it("asks for the contact's name or APAGAR, answers 404 for another company's contact and 403 to an agent", async () => {
    const t = await team();
    const { contact } = t.person;
    const wrong = await call("POST", `/api/contacts/${contact.id}/erase`, { token: t.admin.token, body: { confirm: "sim" } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toContain("confirm");
    expect((await call("POST", `/api/contacts/${contact.id}/erase`, { token: t.agent.token, body: { confirm: "APAGAR" } })).status).toBe(403);
    expect((await call("POST", `/api/contacts/${contact.id}/erase`, { token: t.agent.token, body: {} })).status).toBe(403);
    expect((await call("GET", `/api/contacts/${contact.id}/export`, { token: t.agent.token })).status).toBe(403);
    const other = await inboxCompany();
    expect((await call("POST", `/api/contacts/${contact.id}/erase`, { token: other.admin.token, body: { confirm: "APAGAR" } })).status).toBe(404);
    expect((await call("GET", `/api/contacts/${contact.id}/export`, { token: other.admin.token })).status).toBe(404);
    expect(await tracesOf(t.company.id, t.word)).not.toEqual([]);
    expect((await call("POST", `/api/contacts/${contact.id}/erase`, { token: t.admin.token, body: { confirm: "apagar" } })).status).toBe(200);
  });

  it("erases a contact with thousands of messages in several turns of the hub's queue", async () => {
    const t = await team();
    const ticket = t.person.open;
    await inTenant(t.company.id, (db) => {
      for (let i = 0; i < 4500; i++) db.insert(messages).values({ companyId: t.company.id, ticketId: ticket.id, contactId: t.person.contact.id, wid: `BULK${ticket.id}-${i}`, body: `linha ${i} ${t.word}` }).run();
    });
    const res = await call("POST", `/api/contacts/${t.person.contact.id}/erase`, { token: t.admin.token, body: { confirm: "APAGAR" } });
    expect(res.status).toBe(200);
    expect(res.json.messages).toBe(4504);
    expect(await tracesOf(t.company.id, t.word)).toEqual([]);
  });
});

describe("exporting a contact's data", () => {
  it("answers a zip with the contact, its tickets with history, notes and ratings, its messages in order and its media", async () => {
    const t = await team();
    const { contact } = t.person;
    const res = await rawCall("GET", `/api/contacts/${contact.id}/export`, t.supervisor.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(["contact.json", "tickets.json", "messages.json"]));
    const media = names.filter((n) => n.startsWith("media/"));
    expect(media).toHaveLength(1);
    expect(files[media[0]!]).toEqual(PNG);
    const person = JSON.parse(strFromU8(files["contact.json"]!));
    expect(person).toMatchObject({ name: contact.name, number: contact.number, extraInfo: [{ name: "CPF", value: `cpf-${t.word}` }], marketingConsent: "revoked", campaignOptOut: null });
    expect(person.marketingConsentHistory).toEqual([expect.objectContaining({ state: "revoked", how: "stopWord", detail: `SAIR ${t.word}` })]);
    expect(person.contactLists).toHaveLength(1);
    const ticketList = JSON.parse(strFromU8(files["tickets.json"]!));
    expect(ticketList).toHaveLength(2);
    const closed = ticketList.find((x: { id: number }) => x.id === t.person.closed.id);
    expect(closed.notes[0].note).toContain(t.word);
    expect(closed.ratings[0].rate).toBe(3);
    expect(closed.history[0].action).toBe("close");
    const byTicket = JSON.parse(strFromU8(files["messages.json"]!));
    expect(byTicket[String(t.person.closed.id)].map((m: { body: string }) => m.body)).toEqual([
      `Meu pedido ${t.word} atrasou, sou ${contact.name}`,
      "",
      `Olá ${contact.name}, seu ${t.word} chega amanhã`,
    ]);
    expect(byTicket[String(t.person.closed.id)][1].file).toBe(media[0]);
    const audit = await inTenant(t.company.id, (db) => db.select().from(auditLog).where(eq(auditLog.action, "contact.exported")).all());
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(t.supervisor.id);
  });
});

describe("retention of closed conversations", () => {
  it("is off by default, and once set anonymises only closed tickets older than the period, in slices", async () => {
    const t = await inboxCompany();
    const companyId = t.company.id;
    const now = Date.now();
    const word = `caramboleira${++seq}z`;
    const contact = await createContact(companyId);
    const make = (status: "closed" | "open", daysAgo: number) =>
      createTicketRow(companyId, { contactId: contact.id, status, updatedAt: new Date(now - daysAgo * DAY), lastMessage: `${word} ${status} ${daysAgo}` });
    const oldClosed: Awaited<ReturnType<typeof make>>[] = [];
    for (let i = 0; i < RETENTION_TICKETS_PER_SLICE + 5; i++) oldClosed.push(await make("closed", 40 + (i % 3)));
    const recentClosed = await make("closed", 10);
    const oldOpen = await make("open", 60);
    await inTenant(companyId, (db) => {
      for (const ticket of [...oldClosed, recentClosed, oldOpen]) {
        db.insert(messages).values({ companyId, ticketId: ticket.id, contactId: contact.id, wid: `R${ticket.id}`, body: `${word} ${ticket.id}` }).run();
      }
    });

    const run = () =>
      inHub(companyId, async (hub) => {
        let stored: RetentionMark | undefined;
        const slices: number[] = [];
        const serially = async <T,>(task: () => Promise<T>) => {
          const out = await task();
          slices.push(1);
          return out;
        };
        const result = await applyRetention({ ctx: hub.systemCtx(companyId), input: { now }, serially, marks: { get: async () => stored, set: async (m) => void (stored = m) } });
        return { result, slices: slices.length };
      });
    expect((await run()).result.tickets).toBe(0);

    const setting = await call("PUT", "/api/settings/retentionDays", { token: t.admin.token, body: { value: "30" } });
    expect(setting.status).toBe(200);
    const { result, slices } = await run();
    expect(result.tickets).toBe(oldClosed.length);
    expect(slices).toBe(2);
    const rows = await inTenant(companyId, (db) => db.select({ ticketId: messages.ticketId, body: messages.body }).from(messages).where(eq(messages.companyId, companyId)).all());
    const kept = rows.filter((r) => r.body !== "").map((r) => r.ticketId).sort();
    expect(kept).toEqual([recentClosed.id, oldOpen.id].sort());
    const ticketRows = await inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, oldClosed[0]!.id)).get()!);
    expect(ticketRows.lastMessage).toBe("");
    expect(ticketRows.updatedAt.getTime()).toBe(oldClosed[0]!.updatedAt.getTime());
    const audit = await inTenant(companyId, (db) => db.select().from(auditLog).where(eq(auditLog.action, "retention.changed")).all());
    expect(audit.map((a) => a.detail)).toEqual([{ from: "off", to: "30" }]);
    // The search finds the old closed tickets' words no more.
    const plan = await sqlOf(companyId, (sql) =>
      sql
        .exec<{ detail: string }>(
          "explain query plan select id from tickets where company_id = ? and status = 'closed' and updated_at < ? and (updated_at, id) > (?, ?) order by updated_at, id limit 200",
          companyId,
          now,
          0,
          0,
        )
        .toArray()
        .map((r) => r.detail)
        .join(" | "),
    );
    expect(plan).toContain("tickets_company_closed_updated_idx");
    await setSetting(companyId, "retentionDays", "off");
  });

  it("rests between slices and ends a run after its last slice, the next run going on from the mark", async () => {
    const t = await inboxCompany();
    const companyId = t.company.id;
    const now = Date.now();
    const contact = await createContact(companyId);
    const total = RETENTION_SLICES_PER_RUN * RETENTION_TICKETS_PER_SLICE + 3;
    await inTenant(companyId, (db) => {
      for (let i = 0; i < total; i++) {
        const ticket = db
          .insert(tickets)
          .values({ companyId, contactId: contact.id, status: "closed", lastMessage: `velho ${i}`, updatedAt: new Date(now - 40 * DAY - i * 1000) })
          .returning()
          .get();
        db.insert(messages).values({ companyId, ticketId: ticket.id, contactId: contact.id, wid: `RR${ticket.id}`, body: `velho ${i}` }).run();
      }
    });
    await setSetting(companyId, "retentionDays", "30");
    let stored: RetentionMark | undefined;
    const run = () =>
      inHub(companyId, async (hub) => {
        const rests: number[] = [];
        const result = await applyRetention({
          ctx: hub.systemCtx(companyId),
          input: { now },
          serially: (task) => task(),
          marks: { get: async () => stored, set: async (m) => void (stored = m) },
          rest: async (ms) => void rests.push(ms),
        });
        return { result, rests };
      });
    const first = await run();
    expect(first.result).toMatchObject({ tickets: RETENTION_SLICES_PER_RUN * RETENTION_TICKETS_PER_SLICE, more: true });
    expect(first.rests).toEqual(Array(RETENTION_SLICES_PER_RUN - 1).fill(RETENTION_REST_MS));
    const second = await run();
    expect(second.result).toMatchObject({ tickets: 3, messages: 3, more: false });
    const left = await inTenant(companyId, (db) => db.select({ id: messages.id }).from(messages).where(and(eq(messages.companyId, companyId), eq(messages.isDeleted, false))).all());
    expect(left).toEqual([]);
    // Whether a freed file is still shown elsewhere is asked of the media index, not of every message.
    const mediaPlan = await sqlOf(companyId, (sql) =>
      sql
        .exec<{ detail: string }>("explain query plan select media_url from messages where company_id = ? and media_url is not null and media_url in (?, ?)", companyId, "a", "b")
        .toArray()
        .map((r) => r.detail)
        .join(" | "),
    );
    expect(mediaPlan).toContain("messages_company_media_idx");
    await setSetting(companyId, "retentionDays", "off");
  });
});
