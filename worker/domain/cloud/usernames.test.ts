import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactCloudIds, contacts, messages, tickets } from "../../db/tenant";
import { connectedNumber, GRAPH, ingest, useCloudFakes } from "../../testing/cloud";
import type { FakeCustomer } from "../../testing/fakeGraph";
import { call, companyWithTeam, inTenant } from "../../testing/fixtures";

const fakes = useCloudFakes();
let seq = 0;

const bsuid = () => `BR.${Date.now()}${String(++seq).padStart(4, "0")}`;
const phone = () => `55119872${String(++seq).padStart(5, "0")}`;

async function cloudCompany() {
  const team = await companyWithTeam();
  const { number, connectionId } = await connectedNumber(team);
  const writes = async (customer: FakeCustomer, body: string) => {
    await ingest((await fakes.graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body } })).hook);
  };
  return { team, companyId: team.company.id, number, connectionId, writes };
}

const contactsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(contacts).where(eq(contacts.companyId, companyId)).all());
const ticketsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id)).all());
const cloudIdsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(contactCloudIds).where(eq(contactCloudIds.companyId, companyId)).all());
const inboundOf = (companyId: number) =>
  inTenant(companyId, (db) => db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.fromMe, false))).orderBy(asc(messages.id)).all());

/** An agent takes the ticket and answers; the answer goes out through Meta. */
async function agentAnswers(c: Awaited<ReturnType<typeof cloudCompany>>, ticketId: number, body: string) {
  await inTenant(c.companyId, (db) => db.update(tickets).set({ status: "open", userId: c.team.agent.id }).where(eq(tickets.id, ticketId)).run());
  const res = await call("POST", `/api/messages/${ticketId}`, { token: c.team.agent.token, body: { body } });
  expect(res.status).toBe(201);
  await fakes.outbound.deliver();
  return fakes.graph.sends.at(-1)!;
}

describe("WhatsApp users known only by a business-scoped user id (usernames)", () => {
  it("files them as a contact with their profile name and username and no number, opens a ticket, and keeps the id for the connection", async () => {
    const c = await cloudCompany();
    const maria = { userId: bsuid(), name: "Maria", username: "maria.b" };
    await c.writes(maria, "Oi, quero um orçamento");
    await c.writes(maria, "É urgente");

    const [contact, ...others] = await contactsOf(c.companyId);
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ name: "Maria (@maria.b)", number: maria.userId });
    const [ticket, ...moreTickets] = await ticketsOf(c.companyId);
    expect(moreTickets).toEqual([]);
    expect(ticket).toMatchObject({ contactId: contact!.id, whatsappId: c.connectionId, status: "pending" });
    expect((await inboundOf(c.companyId)).map((m) => [m.body, m.ticketId])).toEqual([
      ["Oi, quero um orçamento", ticket!.id],
      ["É urgente", ticket!.id],
    ]);
    expect(await cloudIdsOf(c.companyId)).toEqual([expect.objectContaining({ whatsappId: c.connectionId, contactId: contact!.id, userId: maria.userId, username: "maria.b" })]);
    const shown = await call("GET", `/api/tickets/${ticket!.id}`, { token: c.team.admin.token });
    expect(shown.json.contact).toMatchObject({ name: "Maria (@maria.b)" });
  });

  it("answers them by their id: Meta gets it as `recipient`, and its statuses come back", async () => {
    const c = await cloudCompany();
    const user = { userId: bsuid(), username: "joao_s" };
    await c.writes(user, "Olá");
    const [contact] = await contactsOf(c.companyId);
    expect(contact!.name).toBe("@joao_s");
    const [ticket] = await ticketsOf(c.companyId);
    const sent = await agentAnswers(c, ticket!.id, "Olá! Como posso ajudar?");
    expect(sent.body).toMatchObject({ recipient: user.userId, type: "text" });
    expect(sent.body).not.toHaveProperty("to");
    await fakes.graph.flushStatuses();
    for (const hook of fakes.graph.hooks.slice(-2)) await ingest(hook);
    const answer = await inTenant(c.companyId, (db) => db.select().from(messages).where(and(eq(messages.companyId, c.companyId), eq(messages.wid, sent.wamid))).get());
    expect(answer).toMatchObject({ ack: 3, sendError: null });
  });

  it("keeps one contact and one ticket when the user later shares their number, and finds them by the id when they hide it again", async () => {
    const c = await cloudCompany();
    const userId = bsuid();
    const waId = phone();
    await c.writes({ userId, name: "Ana", username: "ana" }, "primeira");
    await c.writes({ userId, waId, name: "Ana", username: "ana" }, "agora com número");
    await c.writes({ userId, waId, name: "Ana", username: "ana" }, "de novo");
    await c.writes({ userId, name: "Ana", username: "ana" }, "sem número outra vez");

    const [contact, ...others] = await contactsOf(c.companyId);
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ number: waId, name: "Ana (@ana)" });
    const all = await ticketsOf(c.companyId);
    expect(all).toHaveLength(1);
    expect((await inboundOf(c.companyId)).map((m) => m.ticketId)).toEqual([all[0]!.id, all[0]!.id, all[0]!.id, all[0]!.id]);
    // Known by number now: answered by number, as Meta recommends.
    const sent = await agentAnswers(c, all[0]!.id, "Oi, Ana");
    expect(sent.body).toMatchObject({ to: waId });
  });

  it("finds a customer first known by number by their id alone, when they start hiding it", async () => {
    const c = await cloudCompany();
    const userId = bsuid();
    const waId = phone();
    await c.writes({ waId, userId, name: "Bia" }, "oi");
    await c.writes({ waId, userId, name: "Bia" }, "tudo bem?");
    await c.writes({ userId, name: "Bia", username: "bia" }, "agora tenho username");
    const [contact, ...others] = await contactsOf(c.companyId);
    expect(others).toEqual([]);
    expect(contact).toMatchObject({ number: waId, name: "Bia" });
    expect(await ticketsOf(c.companyId)).toHaveLength(1);
    expect(await cloudIdsOf(c.companyId)).toEqual([expect.objectContaining({ contactId: contact!.id, userId, username: "bia" })]);
  });

  it("keeps each company's ids to itself: the same id on another company's number is another contact there", async () => {
    const [a, b] = [await cloudCompany(), await cloudCompany()];
    const userId = bsuid();
    await a.writes({ userId, name: "Carla" }, "para A");
    await b.writes({ userId, name: "Carla" }, "para B");
    const [inA] = await contactsOf(a.companyId);
    const [inB] = await contactsOf(b.companyId);
    expect(inA!.id).not.toBe(inB!.id);
    expect((await inboundOf(a.companyId)).map((m) => m.body)).toEqual(["para A"]);
    expect((await inboundOf(b.companyId)).map((m) => m.body)).toEqual(["para B"]);
    expect((await call("GET", `/api/contacts/${inA!.id}`, { token: b.team.admin.token })).status).toBe(404);
  });
});

describe("the fake Graph API's business-scoped recipients", () => {
  it("takes a business-scoped id as `recipient`, and refuses one that is not (131009)", async () => {
    const team = await companyWithTeam();
    const { number } = await connectedNumber(team);
    const send = async (address: Record<string, string>) =>
      fakes.graph.handle(
        new Request(`${GRAPH}/v23.0/${number.phoneNumberId}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${number.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify({ messaging_product: "whatsapp", ...address, type: "text", text: { body: "Oi" } }),
        }),
      );
    const ok = await send({ recipient: "BR.1502576394655843" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ contacts: [{ input: "BR.1502576394655843", user_id: "BR.1502576394655843" }] });
    const bad = await send({ recipient: "maria" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(131009);
  });
});
