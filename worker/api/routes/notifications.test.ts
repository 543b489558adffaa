import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/tenant";
import { call, inTenant } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";

type Item = { kind: string; reason?: string; ticket?: { id: number }; mention?: { messageId: number } };
const ticketIds = (records: Item[], reason: string) => records.filter((r) => r.kind === "ticket" && r.reason === reason).map((r) => r.ticket!.id);

describe("GET /api/notifications", () => {
  it("lists the pending tickets of the user's queues and their own with unread messages, not the others", async () => {
    const { company, agent, sales, support, supervisor } = await inboxCompany();
    const contact = await createContact(company.id);
    const mineToTake = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, unreadMessages: 2 });
    const otherQueue = await createTicketRow(company.id, { contactId: contact.id, queueId: support.id, unreadMessages: 1 });
    const alreadyRead = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, unreadMessages: 0 });
    const assigned = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: agent.id, unreadMessages: 3 });
    const colleagues = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id, status: "open", userId: supervisor.id, unreadMessages: 3 });

    const res = await call("GET", "/api/notifications", { token: agent.token });
    expect(res.status).toBe(200);
    expect(ticketIds(res.json.records, "pending")).toEqual([mineToTake.id]);
    expect(ticketIds(res.json.records, "unread")).toEqual([assigned.id]);
    expect(res.json.count).toBe(2);
    const all = res.json.records.map((r: Item) => r.ticket?.id);
    for (const hidden of [otherQueue.id, alreadyRead.id, colleagues.id]) expect(all).not.toContain(hidden);

    // With allTicket, every pending ticket waits for the user.
    await inTenant(company.id, (db) => db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, agent.id)).run());
    const wide = await call("GET", "/api/notifications", { token: agent.token });
    expect(ticketIds(wide.json.records, "pending").sort()).toEqual([mineToTake.id, otherQueue.id].sort());
  });

  it("lists an unread @mention in an internal chat until the chat is read", async () => {
    const { agent, supervisor } = await inboxCompany();
    const chat = await call("POST", "/api/chats", { token: agent.token, body: { title: "Escala", users: [supervisor.id] } });
    const sent = await call("POST", `/api/chats/${chat.json.id}/messages`, {
      token: agent.token,
      body: { message: `@${supervisor.name} pode cobrir sábado?`, mentions: [supervisor.id] },
    });
    const before = await call("GET", "/api/notifications", { token: supervisor.token });
    expect(before.json.records).toContainEqual(
      expect.objectContaining({ kind: "mention", mention: expect.objectContaining({ messageId: sent.json.id, chat: expect.objectContaining({ title: "Escala" }) }) }),
    );
    const count = before.json.count;
    // The sender is not notified of their own words.
    expect((await call("GET", "/api/notifications", { token: agent.token })).json.records.some((r: Item) => r.kind === "mention")).toBe(false);
    await call("POST", `/api/chats/${chat.json.id}/read`, { token: supervisor.token });
    const after = await call("GET", "/api/notifications", { token: supervisor.token });
    expect(after.json.records.some((r: Item) => r.kind === "mention")).toBe(false);
    expect(after.json.count).toBe(count - 1);
  });

  it("never shows another company's tickets, and answers 401 without a session", async () => {
    const a = await inboxCompany();
    const b = await inboxCompany();
    const foreign = await createTicketRow(b.company.id, { contactId: b.contact.id, queueId: b.sales.id, unreadMessages: 5 });
    const res = await call("GET", "/api/notifications", { token: a.admin.token });
    expect(res.json.records.map((r: Item) => r.ticket?.id)).not.toContain(foreign.id);
    expect((await call("GET", "/api/notifications")).status).toBe(401);
  });
});
