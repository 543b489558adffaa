import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXTERNAL_API_RATE_LIMIT } from "../../contracts/externalApi";
import { rateLimits } from "../../db/control";
import { contacts, messages, tickets, ticketTracking, whatsapps } from "../../db/tenant";
import { syncConnectionRoute } from "../../domain/sessionHost/connectionRoutes";
import { randomToken, sha256 } from "../../lib/crypto";
import { useFakeHost, type HostCall } from "../../testing/fakeHost";
import {
  awayFromWindowEdge,
  call,
  companyWithTeam,
  control,
  createCompany,
  createPlan,
  createUser,
  inTenant,
  loginAs,
  testEnv,
} from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";

let seq = 0;
/** A fresh valid Brazilian mobile number per test, so tests never share a contact. */
const newNumber = () => `55119${String(90_000_000 + ++seq * 7_919 + Math.floor(Math.random() * 1000)).slice(0, 8)}`;

/** Numbers the fake phone network says are not on WhatsApp. */
const notOnWhatsApp = new Set<string>();
let host: ReturnType<typeof useFakeHost>;

beforeEach(() => {
  host = useFakeHost((c: HostCall) => {
    if (c.path === "/bridge/check-number") {
      const { number } = c.body as { number: string };
      return { body: { exists: !notOnWhatsApp.has(number), number } };
    }
    if (c.path === "/bridge/send") return { body: { id: `WA${Date.now()}` } };
    return { body: { ok: true } };
  });
});
afterEach(() => host.restore());

/** A company with a connected connection holding a fresh API token (stored hashed, as the connections page does). */
async function apiCompany(companyOverrides: Parameters<typeof createCompany>[0] = {}) {
  const company = await createCompany(companyOverrides);
  const token = randomToken(32);
  const connection = await createConnection(company.id, { tokenHash: await sha256(token) });
  return { company, connection, token };
}

const send = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/api/messages/send", { token, body, headers });

const checkCalls = () => host.calls.filter((c) => c.path === "/bridge/check-number");

function companyRows(companyId: number) {
  return inTenant(companyId, (db) => ({
    contacts: db.select().from(contacts).where(eq(contacts.companyId, companyId)).all(),
    tickets: db.select().from(tickets).where(eq(tickets.companyId, companyId)).all(),
    messages: db.select().from(messages).where(eq(messages.companyId, companyId)).all(),
  }));
}

describe("POST /api/messages/send", () => {
  it("creates the contact and a pending ticket without agent, stores the message from us and queues it", async () => {
    const { company, connection, token } = await apiCompany();
    const number = newNumber();
    const res = await send(token, { number: `+${number}`, body: "Seu pedido saiu para entrega" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      contact: { number, name: number },
      ticket: { status: "pending", createdNow: true },
      messages: [{ body: "Seu pedido saiu para entrega", mediaType: "chat", ack: 0 }],
    });
    expect(checkCalls()).toEqual([{ method: "POST", path: "/bridge/check-number", body: { connectionId: connection.id, number } }]);

    const rows = await companyRows(company.id);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.tickets).toEqual([expect.objectContaining({ id: res.json.ticket.id, status: "pending", userId: null, whatsappId: connection.id })]);
    // ack 0 and fromMe: stored as ours, waiting for the OUTBOUND consumer to deliver it.
    expect(rows.messages).toEqual([
      expect.objectContaining({ id: res.json.messages[0].id, fromMe: true, ack: 0, userId: null, body: "Seu pedido saiu para entrega" }),
    ]);
    expect(rows.tickets[0]!.lastMessage).toBe("Seu pedido saiu para entrega");
  });

  it("sends multipart files, one message each, the text with the first, stored in R2 under the company", async () => {
    const { company, token } = await apiCompany();
    const form = new FormData();
    form.append("number", newNumber());
    form.append("body", "Segue o boleto");
    form.append("medias", new File([new Uint8Array([137, 80, 78, 71, 1, 2])], "logo.png", { type: "image/png" }));
    form.append("medias", new File(["%PDF-1.4"], "boleto.pdf", { type: "application/pdf" }));
    const res = await call("POST", "/api/messages/send", { token, rawBody: form });
    expect(res.status).toBe(201);
    expect(res.json.messages).toMatchObject([
      { mediaType: "image", body: "Segue o boleto", mediaName: "logo.png" },
      { mediaType: "application", body: "", mediaName: "boleto.pdf" },
    ]);
    const stored = (await companyRows(company.id)).messages;
    expect(stored).toHaveLength(2);
    for (const m of stored) {
      expect(m.mediaUrl).toMatch(new RegExp(`^companies/${company.id}/messages/`));
      expect(await testEnv.MEDIA.head(m.mediaUrl!)).not.toBeNull();
    }
  });

  it("accepts a file without text, and refuses a file type that cannot be sent, storing nothing", async () => {
    const { company, token } = await apiCompany();
    const ok = new FormData();
    ok.append("number", newNumber());
    ok.append("medias", new File(["%PDF-1.4"], "nota.pdf", { type: "application/pdf" }));
    expect((await call("POST", "/api/messages/send", { token, rawBody: ok })).status).toBe(201);

    const bad = new FormData();
    bad.append("number", newNumber());
    bad.append("medias", new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }));
    const res = await call("POST", "/api/messages/send", { token, rawBody: bad });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect((await companyRows(company.id)).messages).toHaveLength(1);
  });

  it("reuses the contact's live ticket on that connection, keeping its agent", async () => {
    const { company, connection, token } = await apiCompany();
    const agent = await createUser(company.id);
    const number = newNumber();
    const contact = await createContact(company.id, { number, name: "Maria" });
    const ticket = await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "open", userId: agent.id });
    const res = await send(token, { number, body: "Lembrete da consulta" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ contact: { id: contact.id, name: "Maria" }, ticket: { id: ticket.id, status: "open", createdNow: false } });
    const rows = await companyRows(company.id);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.tickets).toEqual([expect.objectContaining({ id: ticket.id, status: "open", userId: agent.id })]);
    expect(rows.messages).toHaveLength(1);
  });

  it("closes the ticket after sending with closeTicket, recording the close", async () => {
    const { company, token } = await apiCompany();
    const res = await send(token, { number: newNumber(), body: "Atendimento encerrado", closeTicket: true });
    expect(res.status).toBe(201);
    expect(res.json.ticket.status).toBe("closed");
    const [ticket] = (await companyRows(company.id)).tickets;
    expect(ticket!.status).toBe("closed");
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticket!.id)).all());
    expect(history.map((h) => h.action)).toEqual(["create", "close"]);
    // A later send opens a new ticket rather than writing on the closed one.
    const again = await send(token, { number: res.json.contact.number, body: "Nova mensagem" });
    expect(again.json.ticket).toMatchObject({ status: "pending", createdNow: true });
    expect(again.json.ticket.id).not.toBe(ticket!.id);
  });

  it("answers 401 to a missing, unknown or revoked token, and to a user's access token", async () => {
    const { connection, token } = await apiCompany();
    const number = newNumber();
    for (const t of [undefined, "not-a-token", randomToken(32)]) {
      const res = await send(t, { number, body: "x" });
      expect(res.status).toBe(401);
      expect(res.json.error).toBe("ERR_INVALID_API_TOKEN");
    }
    const team = await companyWithTeam();
    expect((await send(team.admin.token, { number, body: "x" })).json.error).toBe("ERR_INVALID_API_TOKEN");
    // Revoked as the connection verbs do it: the row, then the control index the token lookup reads.
    await inTenant(connection.companyId, async (db) => {
      db.update(whatsapps).set({ tokenHash: null }).where(eq(whatsapps.id, connection.id)).run();
      await syncConnectionRoute({ db, control, companyId: connection.companyId }, connection.id);
    });
    expect((await send(token, { number, body: "x" })).status).toBe(401);
    expect(checkCalls()).toHaveLength(0);
  });

  it("refuses a plan without the external API (403), and an inactive or expired company as login does", async () => {
    const plan = await createPlan({ useExternalApi: false });
    const noApi = await apiCompany({ planId: plan.id });
    const res = await send(noApi.token, { number: newNumber(), body: "x" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", feature: "useExternalApi" });

    const inactive = await apiCompany({ status: false });
    expect((await send(inactive.token, { number: newNumber(), body: "x" })).json.error).toBe("ERR_COMPANY_INACTIVE");
    const expired = await apiCompany({ dueDate: "2020-01-01" });
    expect((await send(expired.token, { number: newNumber(), body: "x" })).json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");

    for (const c of [noApi, inactive, expired]) expect((await companyRows(c.company.id)).messages).toHaveLength(0);
    expect(checkCalls()).toHaveLength(0);
  });

  it("answers 400 to a number that is not on WhatsApp and writes nothing", async () => {
    const { company, token } = await apiCompany();
    const number = newNumber();
    notOnWhatsApp.add(number);
    const res = await send(token, { number, body: "Olá" });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_WAPP_INVALID_CONTACT");
    expect(await companyRows(company.id)).toEqual({ contacts: [], tickets: [], messages: [] });
  });

  it("answers 409 when the session host cannot be reached, writing nothing", async () => {
    host.restore(); // nothing listens at SESSION_HOST_URL in tests
    const { company, token } = await apiCompany();
    const res = await send(token, { number: newNumber(), body: "Olá" });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(await companyRows(company.id)).toEqual({ contacts: [], tickets: [], messages: [] });
  });

  it("answers 400 naming the fields to bad input, before asking WhatsApp", async () => {
    const { company, token } = await apiCompany();
    const missing = await send(token, {});
    expect(missing.status).toBe(400);
    expect(missing.json.error).toBe("ERR_VALIDATION");
    expect(missing.json.fields).toHaveProperty("number");

    const noBody = await send(token, { number: newNumber() });
    expect(noBody.status).toBe(400);
    expect(Object.keys(noBody.json.fields)).toEqual(["body"]);

    const letters = await send(token, { number: "call me", body: "x", closeTicket: "maybe" });
    expect(Object.keys(letters.json.fields).sort()).toEqual(["closeTicket", "number"]);

    const invalid = await send(token, { number: "12345678", body: "x" });
    expect(Object.keys(invalid.json.fields)).toEqual(["number"]);

    const tooLong = await send(token, { number: newNumber(), body: "x".repeat(10_001) });
    expect(Object.keys(tooLong.json.fields)).toEqual(["body"]);

    const notJson = await call("POST", "/api/messages/send", { token, rawBody: "{oops", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toBe("ERR_INVALID_JSON");

    expect(checkCalls()).toHaveLength(0);
    expect((await companyRows(company.id)).messages).toHaveLength(0);
  });

  it("accepts the number as a JSON number", async () => {
    const { token } = await apiCompany();
    const number = newNumber();
    const res = await send(token, { number: Number(number), body: "x" });
    expect(res.status).toBe(201);
    expect(res.json.contact.number).toBe(number);
  });

  it("replays the first answer for a repeated Idempotency-Key without sending again", async () => {
    const { company, token } = await apiCompany();
    const body = { number: newNumber(), body: "Cobrança #123" };
    const key = crypto.randomUUID();
    const first = await send(token, body, { "idempotency-key": key });
    const second = await send(token, body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await companyRows(company.id)).messages).toHaveLength(1);
    expect(checkCalls()).toHaveLength(1);

    // Without a key, the same body is a new message.
    expect((await send(token, body)).status).toBe(201);
    expect((await companyRows(company.id)).messages).toHaveLength(2);
  });

  it("refuses a reused Idempotency-Key with another body (409), and frees the key of a refused request", async () => {
    const { company, token } = await apiCompany();
    const key = crypto.randomUUID();
    const number = newNumber();
    expect((await send(token, { number, body: "primeira" }, { "idempotency-key": key })).status).toBe(201);
    const reused = await send(token, { number, body: "outra" }, { "idempotency-key": key });
    expect(reused.status).toBe(409);
    expect(reused.json.error).toBe("ERR_IDEMPOTENCY_KEY_REUSED");
    expect((await companyRows(company.id)).messages).toHaveLength(1);

    const retryKey = crypto.randomUUID();
    const absent = newNumber();
    notOnWhatsApp.add(absent);
    expect((await send(token, { number: absent, body: "x" }, { "idempotency-key": retryKey })).status).toBe(400);
    notOnWhatsApp.delete(absent);
    expect((await send(token, { number: absent, body: "x" }, { "idempotency-key": retryKey })).status).toBe(201);
  });

  it("keeps keys per connection: another connection's token may use the same key", async () => {
    const a = await apiCompany();
    const b = await apiCompany();
    const key = crypto.randomUUID();
    const number = newNumber();
    expect((await send(a.token, { number, body: "x" }, { "idempotency-key": key })).status).toBe(201);
    expect((await send(b.token, { number, body: "x" }, { "idempotency-key": key })).status).toBe(201);
    expect((await companyRows(b.company.id)).messages).toHaveLength(1);
  });

  it("answers 429 past 60 calls a minute per token, sending nothing", async () => {
    const { company, connection, token } = await apiCompany();
    await awayFromWindowEdge(EXTERNAL_API_RATE_LIMIT.windowSeconds, 5_000);
    const windowStart = Math.floor(Date.now() / 1000 / 60) * 60;
    await control.insert(rateLimits).values({ key: `external-api:${connection.id}`, windowStart, count: EXTERNAL_API_RATE_LIMIT.max - 1 });
    expect((await send(token, { number: newNumber(), body: "última" })).status).toBe(201);
    const limited = await send(token, { number: newNumber(), body: "demais" });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe("ERR_RATE_LIMITED");
    expect(limited.json.retryAfter).toBeGreaterThan(0);
    expect((await companyRows(company.id)).messages).toHaveLength(1);
    // Another connection is not limited by this one.
    const other = await apiCompany();
    expect((await send(other.token, { number: newNumber(), body: "ok" })).status).toBe(201);
  });

  it("lets exactly 60 of 90 calls sent at once through; the other 30 answer 429 and send nothing", async () => {
    const { company, token } = await apiCompany();
    await awayFromWindowEdge(EXTERNAL_API_RATE_LIMIT.windowSeconds, 20_000);
    const results = await Promise.all(Array.from({ length: 90 }, () => send(token, { number: newNumber(), body: "Lembrete" })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(EXTERNAL_API_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90 - EXTERNAL_API_RATE_LIMIT.max);
    expect((await companyRows(company.id)).messages).toHaveLength(EXTERNAL_API_RATE_LIMIT.max);
    expect(checkCalls()).toHaveLength(EXTERNAL_API_RATE_LIMIT.max);
  });

  it("never touches another company's contacts, tickets or messages", async () => {
    const a = await apiCompany();
    const b = await apiCompany();
    const number = newNumber();
    const bContact = await createContact(b.company.id, { number, name: "Cliente de B" });
    await createTicketRow(b.company.id, { contactId: bContact.id, whatsappId: b.connection.id, status: "open" });
    const before = await companyRows(b.company.id);
    const res = await send(a.token, { number, body: "Da empresa A" });
    expect(res.status).toBe(201);
    expect(res.json.contact.id).not.toBe(bContact.id);
    expect(await companyRows(b.company.id)).toEqual(before);
    const aRows = await companyRows(a.company.id);
    expect(aRows.tickets[0]!.whatsappId).toBe(a.connection.id);
    expect(aRows.messages.every((m) => m.companyId === a.company.id)).toBe(true);
  });

  it("is matched before /messages/:ticketId, which still serves agents", async () => {
    const team = await companyWithTeam();
    const viaTicketRoute = await call("POST", "/api/messages/999999", { token: team.admin.token, body: { body: "x" } });
    expect(viaTicketRoute.json.error).not.toBe("ERR_INVALID_API_TOKEN");
    const token = await loginAs(team.agent.email);
    const viaSend = await send(token, { number: newNumber(), body: "x" });
    expect(viaSend.json.error).toBe("ERR_INVALID_API_TOKEN");
    const rows = await inTenant(team.company.id, (db) => db.select().from(messages).where(and(eq(messages.companyId, team.company.id))).all());
    expect(rows).toHaveLength(0);
  });
});
