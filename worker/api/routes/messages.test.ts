import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, tickets } from "../../db/tenant";
import { call, companyWithTeam, inHub, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { deliver, inbound } from "../../testing/bridge";
import { base64Of, expectDownload, expectInline, HOSTILE_FILES, PNG, PNG_BASE64 } from "../../testing/media";
import { rawCall } from "../../testing/records";
import { connect } from "../../testing/sockets";
import { authenticate } from "../../domain/auth/authenticate";
import { storeOutboundMessage } from "../../domain/messages/storeOutboundMessage";

async function openTicketOfAgent() {
  const ctx = await inboxCompany();
  const ticket = await createTicketRow(ctx.company.id, {
    contactId: ctx.contact.id,
    queueId: ctx.sales.id,
    whatsappId: ctx.connection.id,
    status: "open",
    userId: ctx.agent.id,
  });
  return { ...ctx, ticket };
}

/** Another open ticket of the same agent, on a new contact. */
async function openTicketOfAgentIn(companyId: number, agentId: number) {
  const contact = await createContact(companyId);
  return { ticket: await createTicketRow(companyId, { contactId: contact.id, status: "open", userId: agentId }) };
}

describe("POST /api/messages/:ticketId", () => {
  it("stores the agent's message with ack 0, moves the ticket up, and shows it live in the open chat", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const socket = await connect(agent.token);
    socket.send({ type: "joinChatBox", ticketId: ticket.id });
    await socket.quiet(50);
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "Bom dia!", signMessage: true } });
    expect(res.status).toBe(201);
    expect(res.json[0]).toMatchObject({ fromMe: true, ack: 0, body: `*${agent.name}*:\nBom dia!`, userId: agent.id });
    const live = await socket.next((e) => e.type === "appMessage" && e.action === "create");
    expect(live).toMatchObject({ message: { id: res.json[0].id } });
    await socket.next((e) => e.type === "ticket" && e.action === "update" && "lastMessage" in e.ticket && e.ticket.lastMessage === res.json[0].body);
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.lastMessage).toBe(res.json[0].body);
  });

  it("does not send blank messages", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "   \n " } });
    expect(res.status).toBe(400);
    expect(res.json.fields.body).toBe("Required");
    expect(await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("refuses an oversized message with a 400 naming the limit", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "x".repeat(10_001) } });
    expect(res.status).toBe(400);
    expect(res.json.fields.body).toContain("10000");
  });

  it("refuses to write on a closed ticket until it is reopened, and on a pending one until accepted", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticket.id)).run());
    const closed = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "oi" } });
    expect(closed.status).toBe(409);
    expect(closed.json.error).toBe("ERR_TICKET_CLOSED");
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ status: "pending", userId: null }).where(eq(tickets.id, ticket.id)).run());
    const pending = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "oi" } });
    expect(pending.json.error).toBe("ERR_TICKET_NOT_OPEN");
  });

  it("does not let a colleague write on the agent's ticket, nor another company", async () => {
    const { supervisor, ticket } = await openTicketOfAgent();
    expect((await call("POST", `/api/messages/${ticket.id}`, { token: supervisor.token, body: { body: "oi" } })).status).toBe(403);
    const other = await companyWithTeam();
    expect((await call("POST", `/api/messages/${ticket.id}`, { token: other.admin.token, body: { body: "oi" } })).status).toBe(404);
    expect(await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("replies to a message of the same ticket only", async () => {
    const { company, agent, ticket, contact } = await openTicketOfAgent();
    const quoted = await createMessageRow(company.id, { ticketId: ticket.id, contactId: contact.id, body: "pergunta" });
    const ok = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "resposta", quotedMsg: { id: quoted.id } } });
    expect(ok.json[0].quotedMsg).toMatchObject({ id: quoted.id, body: "pergunta" });
    const otherTicket = await createTicketRow(company.id, { contactId: (await createContact(company.id)).id });
    const foreign = await createMessageRow(company.id, { ticketId: otherTicket.id });
    const bad = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "x", quotedMsg: foreign.id } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("quotedMsg");
  });

  it("creates one message for a send repeated with the same Idempotency-Key, even at once, and tells apart another key", async () => {
    const { agent, supervisor, ticket } = await openTicketOfAgent();
    const clientId = crypto.randomUUID();
    const send = () => call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "Enviado offline" }, headers: { "idempotency-key": clientId } });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.json[0]).toMatchObject({ body: "Enviado offline", clientId, userId: agent.id });
    // The network came back and the tab sends again, twice at once: both answers are the message already stored.
    const [again, alsoAgain] = await Promise.all([send(), send()]);
    expect([again.status, alsoAgain.status]).toEqual([201, 201]);
    expect([again.json[0].id, alsoAgain.json[0].id]).toEqual([first.json[0].id, first.json[0].id]);
    const stored = await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all());
    expect(stored.map((m) => m.body)).toEqual(["Enviado offline"]);
    // Another send with another id is another message; an id reused on another ticket is refused, naming the field.
    expect((await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "Enviado offline" }, headers: { "idempotency-key": crypto.randomUUID() } })).status).toBe(201);
    const { ticket: elsewhere } = await openTicketOfAgentIn(ticket.companyId, agent.id);
    const reused = await call("POST", `/api/messages/${elsewhere.id}`, { token: agent.token, body: { body: "outro" }, headers: { "idempotency-key": clientId } });
    expect(reused.status).toBe(400);
    expect(reused.json.fields).toHaveProperty("clientId");
    // A colleague repeating the agent's id does not get the agent's message: the rule about the ticket answers.
    expect((await call("POST", `/api/messages/${ticket.id}`, { token: supervisor.token, body: { body: "x" }, headers: { "idempotency-key": clientId } })).status).toBe(403);
    expect((await call("POST", `/api/messages/${ticket.id}`, { token: supervisor.token, body: { body: "x" }, headers: { "idempotency-key": "a b" } })).status).toBe(403);
    const bad = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "x" }, headers: { "idempotency-key": "a b" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("clientId");
  });

  it("hands the stored message to the delivery queue", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const jobs: unknown[] = [];
    const recordingQueue = { send: async (job: unknown) => void jobs.push(job) } as unknown as typeof testEnv.OUTBOUND;
    // The verb runs where the API runs it: inside the company's hub, against its own database.
    const { message } = await inHub(company.id, async (hub) => {
      const user = await authenticate({ db: hub.db, env: testEnv, token: agent.token });
      return storeOutboundMessage({ ...hub.contextFor(user), env: { ...testEnv, OUTBOUND: recordingQueue } }, ticket.id, { body: "para entregar" });
    });
    expect(jobs).toEqual([{ kind: "send", companyId: company.id, messageId: message.id }]);
    expect(message.ack).toBe(0);
  });
});

describe("GET /api/messages/:ticketId", () => {
  it("pages messages newest page first, oldest to newest within a page", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const base = Date.now() - 100_000;
    for (let i = 0; i < 35; i++) await createMessageRow(company.id, { ticketId: ticket.id, body: `m${i}`, createdAt: new Date(base + i * 1000) });
    const first = await call("GET", `/api/messages/${ticket.id}`, { token: agent.token });
    expect(first.json.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 5}`));
    expect(first.json).toMatchObject({ hasMore: true, count: 35, ticket: { id: ticket.id } });
    const second = await call("GET", `/api/messages/${ticket.id}?pageNumber=2`, { token: agent.token });
    expect(second.json.messages.map((m: { body: string }) => m.body)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(second.json.hasMore).toBe(false);
  });

  it("clears the unread badge when the owner opens the chat, and tells the other tabs", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ unreadMessages: 3 }).where(eq(tickets.id, ticket.id)).run());
    const otherTab = await connect(agent.token);
    const res = await call("GET", `/api/messages/${ticket.id}`, { token: agent.token });
    expect(res.json.ticket.unreadMessages).toBe(0);
    await otherTab.next((e) => e.type === "ticket" && e.action === "updateUnread" && e.ticketId === ticket.id);
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.unreadMessages).toBe(0);
  });

  it("leaves the badge alone when an admin looks at someone else's ticket", async () => {
    const { admin, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, ticket.id)).run());
    await call("GET", `/api/messages/${ticket.id}`, { token: admin.token });
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.unreadMessages).toBe(2);
  });

  it("answers 403 for another queue's ticket and 404 for another company's", async () => {
    const { company, agent, support, contact } = await inboxCompany();
    const t = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    expect((await call("GET", `/api/messages/${t.id}`, { token: agent.token })).status).toBe(403);
    const other = await companyWithTeam();
    expect((await call("GET", `/api/messages/${t.id}`, { token: other.admin.token })).status).toBe(404);
  });
});

describe("POST /api/messages/:ticketId/read", () => {
  it("reads what arrived while the owner had the chat open, and tells the lists", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, ticket.id)).run());
    const list = await connect(agent.token);
    const res = await call("POST", `/api/messages/${ticket.id}/read`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ changed: true });
    await list.next((e) => e.type === "ticket" && e.action === "updateUnread" && e.ticketId === ticket.id);
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.unreadMessages).toBe(0);
  });

  it("leaves the count alone for an admin watching, and answers 403/404 to those who may not see the ticket", async () => {
    const { admin, company, agent, support, contact, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ unreadMessages: 2 }).where(eq(tickets.id, ticket.id)).run());
    expect((await call("POST", `/api/messages/${ticket.id}/read`, { token: admin.token })).json).toEqual({ changed: false });
    expect((await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))?.unreadMessages).toBe(2);
    const elsewhere = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id });
    expect((await call("POST", `/api/messages/${elsewhere.id}/read`, { token: agent.token })).status).toBe(403);
    const other = await companyWithTeam();
    expect((await call("POST", `/api/messages/${ticket.id}/read`, { token: other.admin.token })).status).toBe(404);
  });
});

describe("POST /api/messages/edit/:id and DELETE /api/messages/:id", () => {
  it("edits one's own message within 15 minutes and marks it edited", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const sent = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "errado" } });
    const res = await call("POST", `/api/messages/edit/${sent.json[0].id}`, { token: agent.token, body: { body: "certo" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ body: "certo", isEdited: true });
  });

  it("refuses to edit after 15 minutes, or someone else's or the contact's message", async () => {
    const { company, agent, admin, ticket } = await openTicketOfAgent();
    const old = await createMessageRow(company.id, { ticketId: ticket.id, fromMe: true, userId: agent.id, createdAt: new Date(Date.now() - 16 * 60_000) });
    expect((await call("POST", `/api/messages/edit/${old.id}`, { token: agent.token, body: { body: "x" } })).json.error).toBe("ERR_EDIT_WINDOW_PASSED");
    const fromContact = await createMessageRow(company.id, { ticketId: ticket.id, fromMe: false });
    expect((await call("POST", `/api/messages/edit/${fromContact.id}`, { token: agent.token, body: { body: "x" } })).status).toBe(403);
    const mine = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "meu" } });
    expect((await call("POST", `/api/messages/edit/${mine.json[0].id}`, { token: admin.token, body: { body: "x" } })).status).toBe(403);
    expect((await call("DELETE", `/api/messages/${mine.json[0].id}`, { token: admin.token })).status).toBe(403);
  });

  it("deletes one's own message for everyone, keeping it in the history marked deleted", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const sent = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "ops" } });
    const res = await call("DELETE", `/api/messages/${sent.json[0].id}`, { token: agent.token });
    expect(res.json).toMatchObject({ id: sent.json[0].id, isDeleted: true });
    expect((await call("DELETE", `/api/messages/${sent.json[0].id}`, { token: agent.token })).json.error).toBe("ERR_MESSAGE_NOT_EDITABLE");
  });

  it("answers 404 for another company's message", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const sent = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, body: { body: "meu" } });
    const other = await companyWithTeam();
    expect((await call("DELETE", `/api/messages/${sent.json[0].id}`, { token: other.admin.token })).status).toBe(404);
    expect((await call("POST", `/api/messages/edit/${sent.json[0].id}`, { token: other.admin.token, body: { body: "x" } })).status).toBe(404);
  });
});

describe("POST /api/messages/:id/reactions", () => {
  it("stores a reaction pointing at the message without moving the ticket", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const target = await createMessageRow(company.id, { ticketId: ticket.id, body: "obrigado" });
    const before = (await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))!;
    const res = await call("POST", `/api/messages/${target.id}/reactions`, { token: agent.token, body: { type: "👍" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ mediaType: "reactionMessage", body: "👍", quotedMsgId: target.id });
    const after = (await inTenant(ticket.companyId, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).get()))!;
    expect(after.lastMessage).toBe(before.lastMessage);
  });

  it("refuses something that is not an emoji", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const target = await createMessageRow(company.id, { ticketId: ticket.id });
    expect((await call("POST", `/api/messages/${target.id}/reactions`, { token: agent.token, body: { type: "lol" } })).status).toBe(400);
  });
});

describe("POST /api/message/forward", () => {
  it("forwards to a contact without a ticket by opening one for the agent, marked forwarded", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const source = await createMessageRow(company.id, { ticketId: ticket.id, body: "catálogo" });
    const friend = await createContact(company.id);
    const res = await call("POST", "/api/message/forward", { token: agent.token, body: { messageId: source.id, contactId: friend.id, signMessage: false } });
    expect(res.status).toBe(201);
    expect(res.json.message).toMatchObject({ body: "catálogo", isForwarded: true, fromMe: true });
    const created = await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.contactId, friend.id)).get());
    expect(created).toMatchObject({ status: "open", userId: agent.id });
  });

  it("refuses when the contact's ticket belongs to a colleague, naming them", async () => {
    const { company, agent, supervisor, ticket, sales, connection } = await openTicketOfAgent();
    const source = await createMessageRow(company.id, { ticketId: ticket.id });
    const friend = await createContact(company.id);
    await createTicketRow(company.id, { contactId: friend.id, whatsappId: connection.id, queueId: sales.id, status: "open", userId: supervisor.id });
    const res = await call("POST", "/api/message/forward", { token: agent.token, body: { messageId: source.id, contactId: friend.id } });
    expect(res.status).toBe(409);
    expect(res.json.ticket.user.id).toBe(supervisor.id);
  });

  it("answers 404 for another company's message or contact", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const source = await createMessageRow(company.id, { ticketId: ticket.id });
    const other = await inboxCompany();
    expect((await call("POST", "/api/message/forward", { token: other.admin.token, body: { messageId: source.id, contactId: other.contact.id } })).status).toBe(404);
    expect((await call("POST", "/api/message/forward", { token: agent.token, body: { messageId: source.id, contactId: other.contact.id } })).status).toBe(404);
  });
});

describe("GET /api/messages/:id/media", () => {
  it("streams the media to those who may see the ticket, and to no other company", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const key = `companies/${company.id}/messages/test/photo.png`;
    await testEnv.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
    const m = await createMessageRow(company.id, { ticketId: ticket.id, mediaType: "image", mediaUrl: key, mediaName: "photo.png" });
    const list = await call("GET", `/api/messages/${ticket.id}`, { token: agent.token });
    expect(list.json.messages[0].mediaUrl).toBe(`/api/messages/${m.id}/media`);
    const res = await call("GET", `/api/messages/${m.id}/media`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const other = await companyWithTeam();
    expect((await call("GET", `/api/messages/${m.id}/media`, { token: other.admin.token })).status).toBe(404);
  });

  async function contactSends(media: { mimetype: string; filename: string; base64: string }) {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await deliver(inbound(conn.id, "5511987659001", "", { mediaType: "document", media }));
    const message = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.companyId, company.id)).get());
    return rawCall("GET", `/api/messages/${message!.id}/media`, admin.token);
  }

  it.each(HOSTILE_FILES)("serves a contact's file that is $label as a sandboxed download, never as a page", async (file) => {
    const res = await contactSends({ mimetype: file.mimetype, filename: file.filename, base64: base64Of(file.text) });
    expectDownload(res, file.filename);
    expect(await res.text()).toBe(file.text);
  });

  it("shows a contact's real PNG inline as image/png, sandboxed all the same", async () => {
    const res = await contactSends({ mimetype: "image/png", filename: "foto.png", base64: PNG_BASE64 });
    expectInline(res, "image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });
});

describe("POST /api/messages/:ticketId with files", () => {
  function form(files: File[], fields: Record<string, string> = {}) {
    const data = new FormData();
    for (const f of files) data.append("medias", f);
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    return data;
  }

  it("stores each file in R2 under the company and sends one message per file, caption on the first", async () => {
    const { company, agent, ticket } = await openTicketOfAgent();
    const png = new File([PNG], "foto da loja.png", { type: "image/png" });
    const pdf = new File(["%PDF-1.4"], "orçamento.pdf", { type: "application/pdf" });
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([png, pdf], { body: "Segue" }) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject([
      { mediaType: "image", body: "Segue", mediaName: "foto da loja.png" },
      { mediaType: "application", body: "", mediaName: "orçamento.pdf" },
    ]);
    const stored = await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all());
    expect(stored.every((m) => m.mediaUrl?.startsWith(`companies/${company.id}/messages/`))).toBe(true);
    const media = await call("GET", res.json[0].mediaUrl, { token: agent.token });
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/png");
  });

  it("quotes the message the form's quotedMsg names, read as an id: text that only looks like one is refused", async () => {
    const { company, agent, ticket, contact } = await openTicketOfAgent();
    const quoted = await createMessageRow(company.id, { ticketId: ticket.id, contactId: contact.id, body: "pergunta" });
    const png = () => new File([PNG], "foto.png", { type: "image/png" });
    const ok = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([png()], { quotedMsg: String(quoted.id) }) });
    expect(ok.status).toBe(201);
    expect(ok.json[0].quotedMsg).toMatchObject({ id: quoted.id, body: "pergunta" });
    // Number() read these as the id; the id contract reads decimal ids only.
    for (const text of [`${quoted.id}.0`, `0x${quoted.id.toString(16)}`]) {
      const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([png()], { quotedMsg: text }) });
      expect(res.status, text).toBe(400);
      expect(res.json.fields).toHaveProperty("quotedMsg");
    }
  });

  it("refuses an unknown file type with a clear 400 and stores nothing", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const exe = new File(["MZ"], "setup.exe", { type: "application/x-msdownload" });
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([exe]) });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect(await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("refuses a file whose declared type is a key every object has (constructor, __proto__) with the same 400", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    for (const type of ["constructor", "__proto__", "tostring"]) {
      const odd = new File(["olá"], "odd.bin", { type });
      const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([odd]) });
      expect(res.status, type).toBe(400);
      expect(res.json.error, type).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    }
    expect(await inTenant(ticket.companyId, (db) => db.select().from(messages).where(eq(messages.ticketId, ticket.id)).all())).toHaveLength(0);
  });

  it("refuses a file over the limit with 413 naming the limit", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    const big = new File([new Uint8Array(16 * 1024 * 1024 + 1)], "video.mp4", { type: "video/mp4" });
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([big]) });
    expect(res.status).toBe(413);
    expect(res.json.limit).toBe(16 * 1024 * 1024);
  });

  it("removes the uploaded files when the ticket refuses the message", async () => {
    const { agent, ticket } = await openTicketOfAgent();
    await inTenant(ticket.companyId, (db) => db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticket.id)).run());
    const png = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    const res = await call("POST", `/api/messages/${ticket.id}`, { token: agent.token, rawBody: form([png]) });
    expect(res.json.error).toBe("ERR_TICKET_CLOSED");
    const listed = await testEnv.MEDIA.list({ prefix: `companies/${ticket.companyId}/messages/` });
    expect(listed.objects).toHaveLength(0);
  });
});

describe("POST /api/messages/:id/retry", () => {
  async function failedMessage() {
    const team = await inboxCompany();
    const ticket = await createTicketRow(team.company.id, { contactId: team.contact.id, whatsappId: team.connection.id, status: "open", userId: team.agent.id, queueId: team.sales.id });
    const message = await createMessageRow(team.company.id, { ticketId: ticket.id, fromMe: true, userId: team.agent.id, sendError: "ERR_SENDING_WAPP_MSG" });
    return { ...team, ticket, message };
  }

  it("queues a failed message again and clears its error", async () => {
    const { agent, message } = await failedMessage();
    const res = await call("POST", `/api/messages/${message.id}/retry`, { token: agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: message.id, sendError: null });
  });

  it("refuses a message that did not fail (409) and changes nothing", async () => {
    const { agent, ticket, company } = await failedMessage();
    const fine = await createMessageRow(company.id, { ticketId: ticket.id, fromMe: true, ack: 3 });
    const res = await call("POST", `/api/messages/${fine.id}/retry`, { token: agent.token });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_MESSAGE_NOT_RETRYABLE");
  });

  it("answers 404 to another company and 403 to an agent who cannot see the ticket", async () => {
    const { message, company } = await failedMessage();
    const other = await inboxCompany();
    expect((await call("POST", `/api/messages/${message.id}/retry`, { token: other.admin.token })).status).toBe(404);
    const { createUser, loginAs } = await import("../../testing/fixtures");
    const outsider = await createUser(company.id, { profile: "user" });
    const res = await call("POST", `/api/messages/${message.id}/retry`, { token: await loginAs(outsider.email) });
    expect(res.status).toBe(403);
  });
});
