import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactListItems, contactLists, contacts, messages } from "../../db/tenant";
import { createRecipientList, openAllDay, runCampaigns, setTimeZone, shippingsOf } from "../../testing/campaigns";
import { agentSends, approvedTemplate, cloudConversation, deliver, graph, holdingOutbound, ingest, messagesOf, useFakeGraph } from "../../testing/cloud";
import { call, inTenant } from "../../testing/fixtures";
import { MARKETING_RETRY_MS } from "../delivery/markDeliveryFailed";

useFakeGraph();

/** Monday 2030-01-07 12:00 UTC: far from the real clock, so the hub's own alarm never finds the campaign due. */
const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);
const DAY_SECONDS = 24 * 60 * 60;

/** Meta's statuses owed so far, each delivered by webhook; answers the OUTBOUND jobs they set off. */
async function statusesArrive() {
  const from = graph.hooks.length;
  await graph.flushStatuses();
  return holdingOutbound(async () => {
    for (const hook of graph.hooks.slice(from)) await ingest(hook);
  });
}

/** The deferred send's job as the queue hands it over a day later (the message's retry time passed too). */
async function aDayLater(job: { kind: "send"; companyId: number; messageId: number }) {
  const past = Date.now() - 1;
  await inTenant(job.companyId, (db) => db.update(messages).set({ retryAt: new Date(past) }).where(eq(messages.id, job.messageId)).run());
  return { ...job, notBefore: past };
}

const contactOf = (companyId: number, number: string) => inTenant(companyId, (db) => db.select().from(contacts).where(eq(contacts.number, number)).get());

/** A campaign on the conversation's cloud number to `numbers`, in that order, programmed for T0. */
async function cloudCampaign(conversation: Awaited<ReturnType<typeof cloudConversation>>, numbers: string[]) {
  const { team, connectionId } = conversation;
  await setTimeZone(team.company.id, "UTC");
  await openAllDay(team.admin.token, { messageInterval: 1 });
  const { list } = await createRecipientList(team.company.id, 0);
  await inTenant(team.company.id, (db) =>
    db.insert(contactListItems).values(numbers.map((number, i) => ({ companyId: team.company.id, contactListId: list.id, name: `Cliente ${i}`, number }))).run(),
  );
  // A campaign on a Cloud API number goes as an approved template.
  const templateId = await approvedTemplate(team, connectionId, "Oferta da semana, {{1}}", ["Maria"]);
  const res = await call("POST", "/api/campaigns", {
    token: team.admin.token,
    body: { name: "Oferta", whatsappId: connectionId, contactListId: list.id, template: { templateId, params: [{ source: "contact", field: "name" }] }, scheduledAt: new Date(T0).toISOString() },
  });
  expect(res.status).toBe(201);
  return { campaignId: res.json.id as number, listId: list.id };
}

describe("Meta cannot deliver to the number (131026)", () => {
  it("marks the number on the contact, its ticket and its list entries, until the contact writes again", async () => {
    const conversation = await cloudConversation();
    const { team, customer, ticketId, number } = conversation;
    const list = await inTenant(team.company.id, (db) => db.insert(contactLists).values({ companyId: team.company.id, name: "Lista" }).returning().get());
    await inTenant(team.company.id, (db) => db.insert(contactListItems).values({ companyId: team.company.id, contactListId: list.id, name: "Cliente", number: customer.waId, isWhatsappValid: true, whatsappCheck: "valid" }).run());
    graph.refuseSendsTo(customer.waId, 131026, { times: 1 });
    const id = await agentSends(team, ticketId, "Seu pedido saiu");
    const { jobs } = await statusesArrive();
    expect(jobs).toEqual([]);
    expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ sendError: "ERR_WAPP_INVALID_CONTACT" });
    expect((await contactOf(team.company.id, customer.waId))!.undeliverableAt).toBeInstanceOf(Date);
    const ticket = await call("GET", `/api/tickets/${ticketId}`, { token: team.agent.token });
    expect(ticket.json.contact.undeliverableAt).toEqual(expect.any(String));
    const item = await inTenant(team.company.id, (db) => db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)).get());
    expect(item).toMatchObject({ isWhatsappValid: false, whatsappCheck: "invalid" });

    // Sending it again cannot help.
    const retry = await call("POST", `/api/messages/${id}/retry`, { token: team.agent.token });
    expect(retry.status).toBe(409);
    expect(retry.json.error).toBe("ERR_MESSAGE_NOT_RETRYABLE");

    await ingest((await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Atualizei o app" } })).hook);
    expect((await contactOf(team.company.id, customer.waId))!.undeliverableAt).toBeNull();
  });

  it("is skipped by campaigns, recorded invalid with why, without a send", async () => {
    const conversation = await cloudConversation();
    const { team } = conversation;
    const gone = "5511988880000";
    await inTenant(team.company.id, (db) => db.insert(contacts).values({ companyId: team.company.id, name: "Sem WhatsApp", number: gone, undeliverableAt: new Date() }).run());
    const { campaignId } = await cloudCampaign(conversation, [gone]);
    const step = await runCampaigns(team.company.id, T0);
    expect(step.jobs).toEqual([]);
    expect(await shippingsOf(team.company.id, campaignId)).toEqual([expect.objectContaining({ number: gone, status: "invalid", error: "ERR_WAPP_INVALID_CONTACT", messageId: null })]);
    expect(graph.sends.filter((s) => s.to === gone)).toEqual([]);
  });
});

describe("Meta's marketing cap (131049)", () => {
  it("tries a campaign's message again once, 24 hours later, not at once; the report shows the retry scheduled", async () => {
    const conversation = await cloudConversation();
    const { team, customer } = conversation;
    const { campaignId } = await cloudCampaign(conversation, [customer.waId]);
    graph.refuseSendsTo(customer.waId, 131049, { times: 1 });
    const step = await runCampaigns(team.company.id, T0);
    await deliver(step.jobs);
    expect(graph.sends.filter((s) => s.to === customer.waId)).toHaveLength(1);

    const before = Date.now();
    const refused = await statusesArrive();
    expect(refused.jobs).toEqual([{ kind: "send", companyId: team.company.id, messageId: (step.jobs[0] as { messageId: number }).messageId, notBefore: expect.any(Number) }]);
    const retry = refused.jobs[0] as { kind: "send"; notBefore: number; companyId: number; messageId: number };
    expect(retry.notBefore).toBeGreaterThanOrEqual(before + MARKETING_RETRY_MS);
    expect(refused.delays).toEqual([DAY_SECONDS]);
    const waiting = (await messagesOf(team.company.id)).find((m) => m.id === retry.messageId)!;
    expect(waiting).toMatchObject({ ack: 0, sendError: "ERR_WAPP_MARKETING_LIMIT" });
    expect(waiting.retryAt!.getTime()).toBe(retry.notBefore);
    const report = await call("GET", `/api/campaigns/${campaignId}/report`, { token: team.admin.token });
    expect(report.json.records).toEqual([expect.objectContaining({ number: customer.waId, status: "sending", error: "ERR_WAPP_MARKETING_LIMIT" })]);

    // Meta delivers the refusal again: nothing more is scheduled. The job come early goes back for the rest of the day.
    expect((await holdingOutbound(() => ingest(graph.hooks.at(-1)!))).jobs).toEqual([]);
    const early = await holdingOutbound(() => deliver([retry]));
    expect(early.jobs).toEqual([retry]);
    expect(graph.sends.filter((s) => s.to === customer.waId)).toHaveLength(1);

    // A day later: sent once, however often the queue hands the job over.
    const due = await aDayLater(retry);
    await deliver([due]);
    await deliver([due]);
    expect(graph.sends.filter((s) => s.to === customer.waId)).toHaveLength(2);
    await statusesArrive();
    expect((await messagesOf(team.company.id)).find((m) => m.id === retry.messageId)).toMatchObject({ ack: 3, sendError: null });
    expect(await shippingsOf(team.company.id, campaignId)).toEqual([expect.objectContaining({ status: "delivered", error: null })]);
  });

  it("fails the message when the one retry is refused too", async () => {
    const conversation = await cloudConversation();
    const { team, customer, ticketId } = conversation;
    graph.refuseSendsTo(customer.waId, 131049, { times: 2 });
    const id = await agentSends(team, ticketId, "Promoção");
    const [retry] = (await statusesArrive()).jobs;
    await deliver([await aDayLater(retry as { kind: "send"; companyId: number; messageId: number })]);
    expect((await statusesArrive()).jobs).toEqual([]);
    expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ ack: 1, sendError: "ERR_WAPP_MARKETING_LIMIT" });
    expect(graph.sends.filter((s) => s.to === customer.waId)).toHaveLength(2);

    // The agent may still try by hand: taken by Meta before its refusal (ack 1), it goes back to pending and is sent.
    const { result, jobs } = await holdingOutbound(() => call("POST", `/api/messages/${id}/retry`, { token: team.agent.token }));
    expect(result.status).toBe(200);
    await deliver(jobs);
    expect(graph.sends.filter((s) => s.to === customer.waId)).toHaveLength(3);
    expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ ack: 1, sendError: null });
  });

  it("offers no retry by hand while the 24-hour one is scheduled", async () => {
    const conversation = await cloudConversation();
    const { team, customer, ticketId } = conversation;
    graph.refuseSendsTo(customer.waId, 131049, { times: 1 });
    const id = await agentSends(team, ticketId, "Cupom");
    await statusesArrive();
    const retry = await call("POST", `/api/messages/${id}/retry`, { token: team.agent.token });
    expect(retry.status).toBe(409);
    expect(retry.json.error).toBe("ERR_MESSAGE_NOT_RETRYABLE");
  });
});
