import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MacroAction } from "../../contracts/automation/macros";
import { macros, messages, ticketNotes, tickets, ticketTags } from "../../db/tenant";
import { call, inTenant, testEnv } from "../../testing/fixtures";
import { PNG } from "../../testing/media";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { createTag, formWithFile, tagTicket } from "../../testing/records";


/** A company whose agent holds an open ticket in Vendas (contact "Maria"), with two tags. */
async function withOpenTicket() {
  const inbox = await inboxCompany();
  const contact = await createContact(inbox.company.id, { name: "Maria" });
  const ticket = await createTicketRow(inbox.company.id, { contactId: contact.id, queueId: inbox.sales.id, whatsappId: inbox.connection.id, status: "open", userId: inbox.agent.id });
  const resolved = await createTag(inbox.company.id, { name: "Resolvido" });
  const vip = await createTag(inbox.company.id, { name: "VIP" });
  return { ...inbox, contact, ticket, resolved, vip };
}

const macroCount = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(macros).where(eq(macros.companyId, companyId)).get()))!.n;
const ticketRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.id, id)).get());
const tagIdsOf = async (companyId: number, ticketId: number) =>
  (await inTenant(companyId, (db) => db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)))).map((r) => r.tagId).sort();
const messagesOf = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) => db.select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(messages.id));

async function makeMacro(token: string, body: { name?: string; visibility?: "company" | "personal"; actions: MacroAction[] }) {
  const res = await call("POST", "/api/macros", { token, body: { name: "Macro", ...body } });
  expect(res.status).toBe(201);
  return res.json as { id: number };
}
const run = (token: string, ticketId: number, macroId: number) => call("POST", `/api/tickets/${ticketId}/macros/${macroId}/run`, { token });

describe("GET /api/macros", () => {
  it("shows the company's macros and the user's own personal ones, never a colleague's, whatever the profile", async () => {
    const { admin, supervisor, agent } = await inboxCompany();
    const shared = await makeMacro(supervisor.token, { name: "Boas-vindas", visibility: "company", actions: [{ type: "close" }] });
    const agentOwn = await makeMacro(agent.token, { name: "Minha", actions: [{ type: "setPriority", priority: "high" }] });
    const adminOwn = await makeMacro(admin.token, { name: "Do admin", actions: [{ type: "close" }] });

    const forAgent = await call("GET", "/api/macros", { token: agent.token });
    expect(forAgent.status).toBe(200);
    expect(forAgent.json).toEqual([
      {
        id: shared.id,
        name: "Boas-vindas",
        visibility: "company",
        ownerId: null,
        actions: [{ type: "close" }],
        mediaName: null,
        mediaPath: null,
        editable: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({ id: agentOwn.id, visibility: "personal", ownerId: agent.id, editable: true }),
    ]);
    const forAdmin = await call("GET", "/api/macros", { token: admin.token });
    expect(forAdmin.json.map((m: { id: number }) => m.id).sort()).toEqual([shared.id, adminOwn.id].sort());
    expect(forAdmin.json.find((m: { id: number }) => m.id === shared.id).editable).toBe(true);
  });

  it("never shows another company's macros", async () => {
    const a = await inboxCompany();
    const b = await inboxCompany();
    await makeMacro(a.admin.token, { visibility: "company", actions: [{ type: "close" }] });
    expect((await call("GET", "/api/macros", { token: b.admin.token })).json).toEqual([]);
  });
});

describe("POST /api/macros", () => {
  it("lets an agent make a personal macro, refuses them a company one with 403, and writes nothing then", async () => {
    const { company, agent } = await inboxCompany();
    const res = await call("POST", "/api/macros", { token: agent.token, body: { name: "Equipe", visibility: "company", actions: [{ type: "close" }] } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("ERR_NO_PERMISSION");
    // Refused before the body is checked: 403 whatever else it holds.
    expect((await call("POST", "/api/macros", { token: agent.token, body: { name: "", visibility: "company", actions: [] } })).status).toBe(403);
    expect(await macroCount(company.id)).toBe(0);
    const own = await call("POST", "/api/macros", { token: agent.token, body: { name: "  Minha  ", actions: [{ type: "close" }] } });
    expect(own.json).toMatchObject({ name: "Minha", visibility: "personal", ownerId: agent.id });
  });

  it("names bad input by path with 400 and writes nothing: a blank name, an action macros do not take, another company's queue and tag", async () => {
    const { company, admin } = await inboxCompany();
    const other = await inboxCompany();
    const foreignTag = await createTag(other.company.id);
    const blank = await call("POST", "/api/macros", { token: admin.token, body: { name: " ", actions: [] } });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toMatchObject({ name: "Required", actions: "At least one action" });
    const ruleOnly = await call("POST", "/api/macros", { token: admin.token, body: { name: "X", actions: [{ type: "close" }, { type: "assignAgent", userId: admin.id }] } });
    expect(ruleOnly.status).toBe(400);
    expect(ruleOnly.json.fields).toHaveProperty("actions.1");
    const foreign = await call("POST", "/api/macros", {
      token: admin.token,
      body: { name: "X", actions: [{ type: "assignQueue", queueId: other.sales.id }, { type: "addTags", tagIds: [foreignTag.id] }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual({ "actions.0.queueId": "Unknown queue", "actions.1.tagIds": "Unknown tag" });
    expect(await macroCount(company.id)).toBe(0);
  });
});

describe("PUT and DELETE /api/macros/:id", () => {
  it("lets admins and supervisors change and delete a company macro, and refuses an agent with 403", async () => {
    const { company, supervisor, agent, admin } = await inboxCompany();
    const shared = await makeMacro(admin.token, { visibility: "company", actions: [{ type: "close" }] });
    const refused = await call("PUT", `/api/macros/${shared.id}`, { token: agent.token, body: { name: "Meu" } });
    expect(refused.status).toBe(403);
    expect((await call("DELETE", `/api/macros/${shared.id}`, { token: agent.token })).status).toBe(403);
    const changed = await call("PUT", `/api/macros/${shared.id}`, { token: supervisor.token, body: { name: "Encerrar", actions: [{ type: "setPriority", priority: "low" }] } });
    expect(changed.json).toMatchObject({ name: "Encerrar", visibility: "company", actions: [{ type: "setPriority", priority: "low" }] });
    expect((await call("DELETE", `/api/macros/${shared.id}`, { token: supervisor.token })).status).toBe(200);
    expect(await macroCount(company.id)).toBe(0);
  });

  it("lets an owner change their personal macro but not share it with the company (403)", async () => {
    const { agent } = await inboxCompany();
    const own = await makeMacro(agent.token, { actions: [{ type: "close" }] });
    expect((await call("PUT", `/api/macros/${own.id}`, { token: agent.token, body: { visibility: "company" } })).status).toBe(403);
    expect((await call("PUT", `/api/macros/${own.id}`, { token: agent.token, body: { name: "Renomeada" } })).json).toMatchObject({ name: "Renomeada" });
  });

  it("does not find a colleague's personal macro, even for an admin, nor another company's (404), and changes nothing", async () => {
    const { admin, agent } = await inboxCompany();
    const other = await inboxCompany();
    const own = await makeMacro(agent.token, { name: "Só minha", actions: [{ type: "close" }] });
    for (const token of [admin.token, other.admin.token]) {
      const put = await call("PUT", `/api/macros/${own.id}`, { token, body: { name: "Tomada" } });
      expect(put.status).toBe(404);
      expect(put.json.error).toBe("ERR_NO_MACRO_FOUND");
      expect((await call("DELETE", `/api/macros/${own.id}`, { token })).status).toBe(404);
    }
    expect((await call("GET", "/api/macros", { token: agent.token })).json[0]).toMatchObject({ name: "Só minha" });
  });

  it("names a bad change with 400 and keeps the macro as it was", async () => {
    const { admin } = await inboxCompany();
    const shared = await makeMacro(admin.token, { name: "Antes", visibility: "company", actions: [{ type: "close" }] });
    const res = await call("PUT", `/api/macros/${shared.id}`, { token: admin.token, body: { name: "Depois", actions: [{ type: "setPriority", priority: "máxima" }] } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty(["actions.0.priority"]);
    expect((await call("GET", "/api/macros", { token: admin.token })).json[0]).toMatchObject({ name: "Antes" });
  });
});

describe("POST /api/tickets/:ticketId/macros/:macroId/run", () => {
  it("runs every action in order as the agent: the message (variables filled), tags, note, priority, then the close", async () => {
    const t = await withOpenTicket();
    await tagTicket(t.company.id, t.ticket.id, t.vip.id);
    const macro = await makeMacro(t.supervisor.token, {
      visibility: "company",
      actions: [
        { type: "sendMessage", body: "Obrigado pelo contato, {nome}!" },
        { type: "addTags", tagIds: [t.resolved.id] },
        { type: "removeTags", tagIds: [t.vip.id] },
        { type: "addNote", body: "Resolvido pela macro" },
        { type: "setPriority", priority: "high" },
        { type: "close" },
      ],
    });
    const res = await run(t.agent.token, t.ticket.id, macro.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      macroId: macro.id,
      ran: ["sendMessage", "addTags", "removeTags", "addNote", "setPriority", "close"],
      ticket: { id: t.ticket.id, status: "closed", priority: "high" },
    });
    const sent = await messagesOf(t.company.id, t.ticket.id);
    expect(sent.map((m) => [m.body, m.userId])).toEqual([["Obrigado pelo contato, Maria!", t.agent.id]]);
    expect(await tagIdsOf(t.company.id, t.ticket.id)).toEqual([t.resolved.id]);
    const notes = await inTenant(t.company.id, (db) => db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, t.ticket.id)));
    expect(notes.map((n) => [n.note, n.userId])).toEqual([["Resolvido pela macro", t.agent.id]]);
    expect(await ticketRow(t.company.id, t.ticket.id)).toMatchObject({ status: "closed", priority: "high" });
  });

  it("transfers to a queue as the agent would: waiting there, nobody's, and out of the agent's sight", async () => {
    const t = await withOpenTicket();
    const macro = await makeMacro(t.agent.token, { actions: [{ type: "assignQueue", queueId: t.support.id }] });
    const res = await run(t.agent.token, t.ticket.id, macro.id);
    expect(res.json).toEqual({ macroId: macro.id, ran: ["assignQueue"], ticket: null });
    expect(await ticketRow(t.company.id, t.ticket.id)).toMatchObject({ queueId: t.support.id, status: "pending", userId: null });
  });

  it("stops at the first refusal and says which step failed; the steps before it stand", async () => {
    const t = await withOpenTicket();
    const macro = await makeMacro(t.agent.token, {
      actions: [{ type: "addTags", tagIds: [t.resolved.id] }, { type: "close" }, { type: "sendMessage", body: "Tarde demais" }, { type: "setPriority", priority: "urgent" }],
    });
    const res = await run(t.agent.token, t.ticket.id, macro.id);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_TICKET_CLOSED", macroRun: { macroId: macro.id, failedStep: 2, failedType: "sendMessage", ran: ["addTags", "close"] } });
    expect(await tagIdsOf(t.company.id, t.ticket.id)).toEqual([t.resolved.id]);
    expect(await ticketRow(t.company.id, t.ticket.id)).toMatchObject({ status: "closed", priority: "normal" });
    expect(await messagesOf(t.company.id, t.ticket.id)).toEqual([]);
  });

  it("lets an agent do through a macro only what they could by hand: a ticket that is not theirs refuses the message", async () => {
    const t = await withOpenTicket();
    const pending = await createTicketRow(t.company.id, { contactId: t.contact.id, queueId: t.sales.id, whatsappId: t.connection.id, status: "pending" });
    const macro = await makeMacro(t.agent.token, { actions: [{ type: "sendMessage", body: "Olá" }, { type: "close" }] });
    const res = await run(t.agent.token, pending.id, macro.id);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_TICKET_NOT_OPEN", macroRun: { failedStep: 0, ran: [] } });
    expect(await ticketRow(t.company.id, pending.id)).toMatchObject({ status: "pending" });
    const elsewhere = await createTicketRow(t.company.id, { contactId: t.contact.id, queueId: t.support.id, whatsappId: t.connection.id, status: "open", userId: t.supervisor.id });
    expect((await run(t.agent.token, elsewhere.id, macro.id)).status).toBe(403);
  });

  it("does not run a colleague's personal macro, another company's macro, or on another company's ticket (404)", async () => {
    const t = await withOpenTicket();
    const other = await withOpenTicket();
    const colleagues = await makeMacro(t.supervisor.token, { actions: [{ type: "close" }] });
    const foreign = await makeMacro(other.admin.token, { visibility: "company", actions: [{ type: "close" }] });
    const mine = await makeMacro(t.agent.token, { actions: [{ type: "close" }] });
    for (const [ticketId, macroId, code] of [
      [t.ticket.id, colleagues.id, "ERR_NO_MACRO_FOUND"],
      [t.ticket.id, foreign.id, "ERR_NO_MACRO_FOUND"],
      [other.ticket.id, mine.id, "ERR_NO_TICKET_FOUND"],
    ] as const) {
      const res = await run(t.agent.token, ticketId, macroId);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(code);
    }
    expect(await ticketRow(t.company.id, t.ticket.id)).toMatchObject({ status: "open" });
    expect(await ticketRow(other.company.id, other.ticket.id)).toMatchObject({ status: "open" });
  });

  it("sends the macro's file with its first message, as the message's own copy", async () => {
    const t = await withOpenTicket();
    const macro = await makeMacro(t.agent.token, { actions: [{ type: "sendMessage", body: "Segue a tabela" }, { type: "sendMessage", body: "Qualquer dúvida, chame" }] });
    const upload = await call("POST", `/api/macros/${macro.id}/media`, { token: t.agent.token, rawBody: formWithFile("file", PNG, "tabela de preços.png", "image/png") });
    expect(upload.status).toBe(200);
    expect(upload.json).toMatchObject({ mediaName: "tabela_de_preços.png", mediaPath: `/api/macros/${macro.id}/media` });
    expect((await run(t.agent.token, t.ticket.id, macro.id)).status).toBe(200);
    const [first, second] = await messagesOf(t.company.id, t.ticket.id);
    expect(first).toMatchObject({ body: "Segue a tabela", mediaType: "image" });
    expect(first!.mediaUrl).toMatch(new RegExp(`^companies/${t.company.id}/messages/`));
    expect(await testEnv.MEDIA.head(first!.mediaUrl!)).not.toBeNull();
    expect(second).toMatchObject({ body: "Qualquer dúvida, chame", mediaUrl: null });
    expect((await call("DELETE", `/api/macros/${macro.id}/media`, { token: t.agent.token })).json).toMatchObject({ mediaName: null });
    expect(await testEnv.MEDIA.head(first!.mediaUrl!)).not.toBeNull();
  });

  it("refuses a file a chat could not send, and a file on a colleague's macro", async () => {
    const t = await withOpenTicket();
    const shared = await makeMacro(t.admin.token, { visibility: "company", actions: [{ type: "close" }] });
    const own = await makeMacro(t.agent.token, { actions: [{ type: "close" }] });
    const bad = await call("POST", `/api/macros/${own.id}/media`, { token: t.agent.token, rawBody: formWithFile("file", "MZ", "setup.exe", "application/x-msdownload") });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect((await call("GET", "/api/macros", { token: t.agent.token })).json.find((m: { id: number }) => m.id === own.id)).toMatchObject({ mediaName: null });
    const forbidden = await call("POST", `/api/macros/${shared.id}/media`, { token: t.agent.token, rawBody: formWithFile("file", PNG, "a.png", "image/png") });
    expect(forbidden.status).toBe(403);
  });
});

