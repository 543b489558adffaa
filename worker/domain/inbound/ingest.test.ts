import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, messages, tickets, ticketTracking, whatsapps } from "../../db/tenant";
import { connectionRoutes } from "../../db/control";
import { bridgeCall, deliver, inbound } from "../../testing/bridge";
import { companyWithTeam, control, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../../testing/inbox";
import { connect } from "../../testing/sockets";

const ticketsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).all());
const messagesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.companyId, companyId)).all());
const contactsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(contacts).where(eq(contacts.companyId, companyId)).all());

describe("inbound messages (POST /bridge/events)", () => {
  it("turns a first message from a new number into a contact, a pending ticket and an unread message", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    await deliver(inbound(conn.id, "5511987650001", "Olá, quero um orçamento", { name: "Maria Cliente" }));

    const [contact] = await contactsOf(company.id);
    expect(contact).toMatchObject({ name: "Maria Cliente", number: "5511987650001", isGroup: false });
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ status: "pending", contactId: contact!.id, whatsappId: conn.id, userId: null, unreadMessages: 1, lastMessage: "Olá, quero um orçamento" });
    const stored = await messagesOf(company.id);
    expect(stored).toMatchObject([{ body: "Olá, quero um orçamento", fromMe: false, ticketId: ticket!.id }]);
  });

  it("ingests a redelivered message once (idempotent on the WhatsApp id)", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const event = inbound(conn.id, "5511987650002", "uma vez só");
    await deliver(event);
    await deliver(event, event);
    expect(await messagesOf(company.id)).toHaveLength(1);
    expect((await ticketsOf(company.id))[0]!.unreadMessages).toBe(1);
  });

  it("reuses the contact's open ticket and counts unread messages", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987650003" });
    const open = await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "open", userId: agent.id });
    await deliver(inbound(conn.id, contact.number, "um"), inbound(conn.id, contact.number, "dois"));
    const all = await ticketsOf(company.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: open.id, status: "open", userId: agent.id, unreadMessages: 2, lastMessage: "dois" });
  });

  it("returns a closed ticket to pending when the contact writes again, with a history row", async () => {
    const { company, agent } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987650004" });
    const closed = await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id, status: "closed", userId: agent.id });
    await deliver(inbound(conn.id, contact.number, "voltei"));
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ id: closed.id, status: "pending", userId: null, queueId: null, unreadMessages: 1 });
    const history = await inTenant(company.id, (db) => db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, closed.id)).all());
    expect(history).toMatchObject([{ action: "reopen", fromStatus: "closed", toStatus: "pending", byUserId: null }]);
  });

  it("creates exactly 12 tickets and 60 messages when 60 messages from 12 new numbers arrive at once", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const numbers = Array.from({ length: 12 }, (_, i) => `55219${String(87650100 + i)}`);
    const events = numbers.flatMap((n) => Array.from({ length: 5 }, (_, k) => inbound(conn.id, n, `msg ${k}`)));
    // Twelve concurrent batches of five, interleaved across numbers, as several host flushes would send them.
    const batches = Array.from({ length: 12 }, (_, b) => events.filter((_, i) => i % 12 === b));
    const results = await Promise.all(batches.map((batch) => bridgeCall("POST", "/bridge/events", { hostId: "h", events: batch })));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(await ticketsOf(company.id)).toHaveLength(12);
    expect(await messagesOf(company.id)).toHaveLength(60);
    expect(await contactsOf(company.id)).toHaveLength(12);
    expect((await ticketsOf(company.id)).every((t) => t.unreadMessages === 5)).toBe(true);
  });

  it("stores media in R2 under the company and serves it through the message", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const png = btoa(String.fromCharCode(137, 80, 78, 71, 13, 10, 26, 10));
    await deliver(inbound(conn.id, "5511987650005", "foto", { mediaType: "image", media: { mimetype: "image/png", filename: "foto.png", base64: png } }));
    const [message] = await messagesOf(company.id);
    expect(message!.mediaUrl).toMatch(new RegExp(`^companies/${company.id}/messages/`));
    const object = await testEnv.MEDIA.get(message!.mediaUrl!);
    expect(new Uint8Array(await object!.arrayBuffer())[1]).toBe(80);
    const { call } = await import("../../testing/fixtures");
    const res = await call("GET", `/api/messages/${message!.id}/media`, { token: admin.token });
    expect(res.status).toBe(200);
  });

  it("keeps group messages on the group's contact with the participant, and no bot answers them", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { greetingMessage: "Bem-vindo!" });
    await deliver(inbound(conn.id, "5511987650006", "oi grupo", { isGroup: true, chatId: "120363041234567890", groupName: "Equipe", name: "João" }));
    const [group] = await contactsOf(company.id);
    expect(group).toMatchObject({ number: "120363041234567890", isGroup: true, name: "Equipe" });
    const stored = await messagesOf(company.id);
    expect(stored).toMatchObject([{ participant: "5511987650006", fromMe: false }]);
    expect((await ticketsOf(company.id))[0]!.isGroup).toBe(true);
  });

  it("merges the LID identity into the contact found by number", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id, { number: "5511987650007", name: "Cliente Antigo" });
    await deliver(inbound(conn.id, contact.number, "oi", { lid: "123456789012345", name: "Outro Nome" }));
    const row = await inTenant(company.id, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).get());
    expect(row).toMatchObject({ lid: "123456789012345", name: "Cliente Antigo" });
    expect(await contactsOf(company.id)).toHaveLength(1);
  });

  it("applies acks forward only, edits, deletions and reactions, and tells the open chat", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const first = inbound(conn.id, "5511987650008", "original");
    await deliver(first);
    const [message] = await messagesOf(company.id);
    const socket = await connect(admin.token);
    socket.send({ type: "joinChatBox", ticketId: message!.ticketId });
    await socket.quiet(100);
    const wid = first.type === "message" ? first.message.id : "";

    await deliver({ type: "edit", connectionId: conn.id, messageId: wid, body: "corrigido", at: Date.now() });
    const edited = await socket.next((e) => e.type === "appMessage" && e.action === "update");
    expect(edited).toMatchObject({ message: { body: "corrigido", isEdited: true } });

    await deliver({ type: "reaction", connectionId: conn.id, messageId: wid, chatId: "5511987650008", from: "5511987650008", fromMe: false, emoji: "👍", at: Date.now() });
    const reaction = await socket.next((e) => e.type === "appMessage" && e.action === "create");
    expect(reaction).toMatchObject({ message: { body: "👍", mediaType: "reactionMessage" } });

    await deliver({ type: "delete", connectionId: conn.id, messageId: wid, at: Date.now() });
    const deleted = await inTenant(company.id, (db) => db.select().from(messages).where(and(eq(messages.companyId, company.id), eq(messages.wid, wid))).get());
    expect(deleted!.isDeleted).toBe(true);
    socket.ws.close();
  });

  it("moves acks forward only", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const contact = await createContact(company.id);
    const ticket = await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id });
    await inTenant(company.id, (db) => db.insert(messages).values({ companyId: company.id, ticketId: ticket.id, wid: "OUT-ACK-1", body: "enviada", fromMe: true, ack: 0 }).run());
    const ack = (n: number) => ({ type: "ack" as const, connectionId: conn.id, messageId: "OUT-ACK-1", ack: n, at: Date.now() });
    await deliver(ack(3));
    await deliver(ack(1));
    const row = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.wid, "OUT-ACK-1")).get());
    expect(row!.ack).toBe(3);
  });

  it("keeps the connection's status and QR current and tells the company", async () => {
    const { company, admin } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "OPENING" });
    const socket = await connect(admin.token);
    await deliver({ type: "qr", connectionId: conn.id, qr: "2@abc", at: Date.now() });
    expect(await socket.next((e) => e.type === "whatsappSession")).toMatchObject({ session: { id: conn.id, status: "qrcode", qrcode: "2@abc" } });
    await deliver({ type: "status", connectionId: conn.id, status: "CONNECTED", number: "5511900001111", at: Date.now() });
    expect(await socket.next((e) => e.type === "whatsappSession")).toMatchObject({ session: { status: "CONNECTED", qrcode: "", number: "5511900001111" } });
    const row = await inTenant(company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.id, conn.id)).get());
    expect(row).toMatchObject({ status: "CONNECTED", qrcode: "" });
    // The control index follows: the session host and the external API read the status there.
    const route = await control.select().from(connectionRoutes).where(eq(connectionRoutes.whatsappId, conn.id)).get();
    expect(route).toMatchObject({ companyId: company.id, status: "CONNECTED" });
    socket.ws.close();
  });

  it("never shows one company's inbound traffic to another company", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const connA = await createConnection(a.company.id);
    const socketB = await connect(b.admin.token);
    await deliver(inbound(connA.id, "5511987650009", "só da empresa A"));
    expect(await socketB.quiet(300)).toEqual([]);
    expect(await ticketsOf(b.company.id)).toHaveLength(0);
    socketB.ws.close();
  });

  it("logs a missed call in the ticket and, with calls disabled, asks for text", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id);
    const { setSetting } = await import("../../testing/fixtures");
    await setSetting(company.id, "call", "disabled");
    await deliver({ type: "call", connectionId: conn.id, callId: "CALL1", from: "5511987650010", isVideo: false, at: Date.now() });
    const stored = await messagesOf(company.id);
    expect(stored.map((m) => m.mediaType)).toEqual(["call_log", "chat"]);
    expect(stored[1]).toMatchObject({ fromMe: true, sentByBot: true });
  });
});
