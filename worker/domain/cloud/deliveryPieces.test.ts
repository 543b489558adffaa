import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CloudWebhookJob } from "../../contracts/cloudWebhook";
import type { Env } from "../../env";
import { handleInboundBatch } from "../../jobs/inbound";
import { cloudSignature } from "../../lib/whatsappCloud";
import { connectCloud, messagesOf, PLATFORM_SECRET, useFakeGraph } from "../../testing/cloud";
import { companyWithTeam, control, testEnv } from "../../testing/fixtures";
import { acceptCloudWebhook } from "./acceptCloudWebhook";
import { piecesOf, QUEUE_MESSAGE_BUDGET, SPILL_PREFIX } from "./deliveryPieces";

useFakeGraph();

/** The INBOUND queue as the edge sees it, recording what it is given (each message's size as the queue counts it). */
function recordingInbound() {
  const jobs: CloudWebhookJob[] = [];
  const batches: number[] = [];
  const queue = {
    send: async (job: CloudWebhookJob) => void jobs.push(job),
    sendBatch: async (batch: Iterable<MessageSendRequest<CloudWebhookJob>>) => {
      const bodies = [...batch].map((m) => m.body);
      batches.push(bodies.length);
      jobs.push(...bodies);
    },
  } as unknown as Env["INBOUND"];
  return { jobs, batches, env: { ...testEnv, INBOUND: queue } as Env };
}

/** A `messages` change from one customer with `n` text messages of `size` characters each. */
function change(phoneNumberId: string, waId: string, n: number, size: number, tag: string) {
  return {
    field: "messages",
    value: {
      messaging_product: "whatsapp",
      metadata: { display_phone_number: "5511900000000", phone_number_id: phoneNumberId },
      contacts: [{ profile: { name: `Cliente ${waId.slice(-3)}` }, wa_id: waId }],
      messages: Array.from({ length: n }, (_, i) => ({
        from: waId,
        id: `wamid.${tag}.${i}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: "text",
        text: { body: `${tag}.${i} ${"ç".repeat(size)}` },
      })),
    },
  };
}

describe("a webhook delivery too big for one queue message", () => {
  it("is queued in pieces under the limit, a change too big on its own through R2, and ingested whole", async () => {
    const team = await companyWithTeam();
    const { number } = await connectCloud(team);
    const customers = Array.from({ length: 20 }, (_, i) => `55119871${String(i).padStart(5, "0")}`);
    const changes = Array.from({ length: 299 }, (_, i) => change(number.phoneNumberId, customers[i % customers.length]!, 1, 1600, `c${i}`));
    // One change alone past the queue's limit: 100 messages of 1.5 KB.
    changes.splice(150, 0, change(number.phoneNumberId, customers[0]!, 100, 1500, "big"));
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: number.wabaId, changes }] });
    expect(body.length).toBeGreaterThan(500_000);
    const bytes = new TextEncoder().encode(body);

    const inbound = recordingInbound();
    await acceptCloudWebhook(control, inbound.env, { routeKey: null, body: bytes, signature: await cloudSignature(PLATFORM_SECRET, bytes) });
    expect(inbound.jobs.length).toBeGreaterThan(5);
    for (const job of inbound.jobs) expect(new TextEncoder().encode(JSON.stringify(job)).byteLength).toBeLessThan(QUEUE_MESSAGE_BUDGET);
    expect(Math.max(...inbound.batches)).toBeLessThanOrEqual(100);
    const spilled = inbound.jobs.filter((j) => j.spilledKey);
    expect(spilled).toHaveLength(1);
    expect(spilled[0]!.spilledKey).toMatch(new RegExp(`^${SPILL_PREFIX}`));

    // The consumer takes the pieces (twice: a redelivery changes nothing) and leaves nothing in R2.
    for (let round = 0; round < 2; round++) {
      const batch = createMessageBatch<CloudWebhookJob>("zapdesk-inbound", inbound.jobs.map((body, i) => ({ id: `p${i}`, timestamp: new Date(), attempts: 1, body })));
      createExecutionContext();
      await handleInboundBatch(batch as MessageBatch<unknown>, testEnv);
    }
    const stored = (await messagesOf(team.company.id)).filter((m) => !m.fromMe);
    expect(stored).toHaveLength(399);
    expect(new Set(stored.map((m) => m.wid)).size).toBe(399);
    expect(stored.find((m) => m.wid === "wamid.big.99")?.body).toMatch(/^big\.99 ç+$/);
    expect(await testEnv.MEDIA.get(spilled[0]!.spilledKey!)).toBeNull();
  });

  it("keeps a delivery that fits as it came, in one message", () => {
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    expect(piecesOf(body, 100)).toEqual({ fits: [body], tooBig: [] });
  });

  it("keeps every change, in Meta's order, across the pieces", () => {
    const changes = Array.from({ length: 40 }, (_, i) => ({ field: "messages", value: { n: i, pad: "x".repeat(3000) } }));
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "1", changes: changes.slice(0, 25) }, { id: "2", changes: changes.slice(25) }] });
    const { fits, tooBig } = piecesOf(body, 100, 40_000);
    expect(tooBig).toEqual([]);
    expect(fits.length).toBeGreaterThan(3);
    const back = fits.flatMap((piece) => (JSON.parse(piece) as { entry: { id: string; changes: { value: { n: number } }[] }[] }).entry.flatMap((e) => e.changes.map((c) => `${e.id}:${c.value.n}`)));
    expect(back).toEqual(changes.map((_, i) => `${i < 25 ? 1 : 2}:${i}`));
  });
});
