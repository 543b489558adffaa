import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OutboundJob } from "../../contracts/outbound";
import { campaignPaces } from "../../db/tenant";
import { MAX_THROTTLED, throttleDelaySeconds } from "../../jobs/outbound";
import { cloudConversation, deliver, graph, holdingOutbound, messagesOf, useFakeGraph } from "../../testing/cloud";
import { call, inTenant } from "../../testing/fixtures";
import { THROTTLE_PAUSE_MS } from "../campaigns/pacing";

useFakeGraph();

/** The agent's message stored, not yet delivered: its delivery job. */
async function stored(conversation: Awaited<ReturnType<typeof cloudConversation>>, body: string): Promise<Extract<OutboundJob, { kind: "send" }>> {
  const { team, ticketId } = conversation;
  const { result } = await holdingOutbound(() => call("POST", `/api/messages/${ticketId}`, { token: team.agent.token, body: { body } }));
  expect(result.status).toBe(201);
  const row = (await messagesOf(team.company.id)).find((m) => m.fromMe && m.body.endsWith(body))!;
  return { kind: "send", companyId: team.company.id, messageId: row.id };
}

const sendsTo = (to: string) => graph.sends.filter((s) => s.to === to);

describe("Meta throttles a Cloud API send", () => {
  it("backs off that person's sends only (131056), through the queue's delay, growing; sent once when Meta takes it", async () => {
    const conversation = await cloudConversation();
    const other = await cloudConversation(conversation.team);
    graph.refuseSendsTo(conversation.customer.waId, 131056, { times: 2 });
    const throttledJob = await stored(conversation, "Primeira");
    const otherJob = await stored(other, "Outra pessoa");

    const first = await holdingOutbound(() => deliver([throttledJob, otherJob]));
    expect(sendsTo(other.customer.waId)).toHaveLength(1);
    expect(sendsTo(conversation.customer.waId)).toHaveLength(0);
    expect(first.jobs).toEqual([{ ...throttledJob, throttled: 1 }]);
    expect(first.delays[0]).toBeGreaterThanOrEqual(3);
    expect(first.delays[0]).toBeLessThanOrEqual(6);

    const second = await holdingOutbound(() => deliver(first.jobs));
    expect(second.jobs).toEqual([{ ...throttledJob, throttled: 2 }]);
    expect(second.delays[0]).toBeGreaterThanOrEqual(6);
    expect(second.delays[0]).toBeLessThanOrEqual(12);

    const third = await holdingOutbound(() => deliver(second.jobs));
    expect(third.jobs).toEqual([]);
    // The queue delivers at least once: the same job again sends nothing more.
    await deliver(second.jobs);
    expect(sendsTo(conversation.customer.waId)).toHaveLength(1);
    const row = (await messagesOf(conversation.team.company.id)).find((m) => m.id === throttledJob.messageId)!;
    expect(row).toMatchObject({ ack: 1, sendError: null, wid: sendsTo(conversation.customer.waId)[0]!.wamid });
  });

  it("paces the number's campaigns down when Meta throttles its throughput (130429)", async () => {
    const conversation = await cloudConversation();
    const { team, connectionId, customer } = conversation;
    const now = Date.now();
    await inTenant(team.company.id, (db) => db.insert(campaignPaces).values({ whatsappId: connectionId, companyId: team.company.id, nextAt: new Date(now), updatedAt: new Date() }).run());
    graph.refuseSendsTo(customer.waId, 130429, { times: 1 });
    const job = await stored(conversation, "Oferta");
    const { jobs } = await holdingOutbound(() => deliver([job]));
    expect(jobs).toEqual([{ ...job, throttled: 1 }]);
    const pace = await inTenant(team.company.id, (db) => db.select().from(campaignPaces).where(eq(campaignPaces.whatsappId, connectionId)).get());
    expect(pace!.nextAt.getTime()).toBeGreaterThanOrEqual(now + THROTTLE_PAUSE_MS.min);
    await deliver(jobs);
    expect(sendsTo(customer.waId)).toHaveLength(1);
  });

  it("shows the message throttled once Meta kept refusing it MAX_THROTTLED times", async () => {
    const conversation = await cloudConversation();
    graph.refuseSendsTo(conversation.customer.waId, 130429);
    const job = await stored(conversation, "Insistente");
    const { jobs } = await holdingOutbound(() => deliver([{ ...job, throttled: MAX_THROTTLED }]));
    expect(jobs).toEqual([]);
    expect((await messagesOf(conversation.team.company.id)).find((m) => m.id === job.messageId)).toMatchObject({ ack: 0, sendError: "ERR_WAPP_RATE_LIMITED" });
  });

  it("puts back a send that came before its time, for the rest of the wait", async () => {
    const conversation = await cloudConversation();
    const job = { ...(await stored(conversation, "Depois")), notBefore: Date.now() + 30 * 60 * 60 * 1000 };
    const { jobs, delays } = await holdingOutbound(() => deliver([job]));
    expect(jobs).toEqual([job]);
    expect(delays).toEqual([24 * 60 * 60]);
    expect(sendsTo(conversation.customer.waId)).toHaveLength(0);
  });
});

describe("throttleDelaySeconds", () => {
  it("grows from 4 s (the number) or 6 s (a pair), half of it jitter, to at most 15 minutes", () => {
    expect(throttleDelaySeconds(1, false, () => 0)).toBe(2);
    expect(throttleDelaySeconds(1, false, () => 1)).toBe(4);
    expect(throttleDelaySeconds(1, true, () => 1)).toBe(6);
    expect(throttleDelaySeconds(3, true, () => 1)).toBe(24);
    expect(throttleDelaySeconds(40, false, () => 1)).toBe(900);
    expect(throttleDelaySeconds(40, false, () => 0)).toBe(450);
  });
});
