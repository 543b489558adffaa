import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { OutboundJob } from "../contracts/outbound";
import { messages, tickets } from "../db/tenant";
import { ingestCloudWebhooks } from "../domain/cloud/ingestCloudWebhook";
import { hubDirectory } from "../hub/ports";
import { handleOutboundBatch } from "../jobs/outbound";
import { fakeGraph, type FakeGraph, type FakeGraphNumber, type SignedWebhook } from "./fakeGraph";
import { call, control, inTenant, testEnv, type companyWithTeam } from "./fixtures";
import { useFakeService } from "./useFakeService";

/**
 * The Cloud API in worker tests (ADR 0050): Meta played by the fake Graph API behind a fetch spy, and the queues'
 * consumers run by hand, as a delivery would run them.
 */
export const GRAPH_ORIGIN = "http://graph.test";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let seq = 0;

/** A number on Meta's side: its ids, token, and the app secret its webhooks are signed with. */
export function metaNumber(appSecret = testEnv.META_APP_SECRET!): FakeGraphNumber {
  const n = `${Date.now()}${++seq}`.slice(-12);
  return { phoneNumberId: `10${n}`, wabaId: `20${n}`, displayPhoneNumber: `+55 11 9${n.slice(-8)}`, accessToken: `EAAG-token-${n}-abcdefghij`, appSecret };
}

/** A fresh fake Graph API for each test of the file (read `.graph` inside a test). */
export function useFakeGraph(): { readonly graph: FakeGraph } {
  const holder = { graph: undefined as unknown as FakeGraph };
  beforeEach(() => {
    holder.graph = fakeGraph({ origin: GRAPH_ORIGIN, numbers: [] });
    useFakeService(GRAPH_ORIGIN, (r) => holder.graph.handle(r));
  });
  afterEach(() => vi.restoreAllMocks());
  return holder;
}

/** A company's admin connects a Cloud API number through the API (on the platform's Meta app). */
export async function connectCloud(graph: FakeGraph, team: Team, number = metaNumber()) {
  graph.numbers.set(number.phoneNumberId, number);
  const res = await call("POST", "/api/whatsapp", {
    token: team.admin.token,
    body: { name: `Oficial ${++seq}`, channel: "cloud", cloud: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken } },
  });
  expect(res.status).toBe(201);
  return { connectionId: res.json.id as number, number };
}

/** The INBOUND consumer's work on a delivery, as the queue would run it. */
export const ingestHook = (hook: SignedWebhook, routeKey: string | null = null) =>
  ingestCloudWebhooks(hubDirectory(testEnv), control, testEnv, [{ kind: "cloudWebhook", routeKey, body: hook.body, receivedAt: Date.now() }]);

/** The OUTBOUND consumer on `jobs`, as the queue would run them. */
export async function deliverJobs(jobs: OutboundJob[], attempts = 1) {
  const batch = createMessageBatch<OutboundJob>("zapdesk-outbound", jobs.map((body, i) => ({ id: `c${i}`, timestamp: new Date(), attempts, body })));
  createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
}

/** Runs `work` with the OUTBOUND queue recording instead of sending: answers what it queued. */
export async function queuedBy(work: () => Promise<unknown>): Promise<OutboundJob[]> {
  const jobs: OutboundJob[] = [];
  const send = vi.spyOn(testEnv.OUTBOUND, "send").mockImplementation(async (job) => {
    jobs.push(job as OutboundJob);
    return undefined as never;
  });
  const sendBatch = vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockImplementation(async (batch) => {
    jobs.push(...[...batch].map((j) => j.body as OutboundJob));
    return undefined as never;
  });
  try {
    await work();
  } finally {
    send.mockRestore();
    sendBatch.mockRestore();
  }
  return jobs;
}

export const messagesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.companyId, companyId)).all());

/**
 * A customer who wrote to the number more than a day ago, on a ticket the agent has open: the window has closed,
 * on our side and on Meta's.
 */
export async function customerWithClosedWindow(graph: FakeGraph, team: Team, number: FakeGraphNumber, name = "Cliente antigo") {
  const customer = { waId: `55119877${String(++seq).padStart(5, "0")}`, name };
  await ingestHook((await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Oi" } })).hook);
  const first = (await messagesOf(team.company.id)).find((m) => !m.fromMe && m.contactId !== null && m.body === "Oi")!;
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.agent.id, customerWroteAt: dayAgo }).where(eq(tickets.id, first.ticketId)).run());
  graph.lastInbound.set(`${number.phoneNumberId}:${customer.waId}`, dayAgo.getTime());
  return { customer, ticketId: first.ticketId };
}

/** An admin creates a template and Meta approves it (the review's webhook ingested). */
export async function approvedTemplate(graph: FakeGraph, team: Team, connectionId: number, body: string, examples: string[]) {
  const created = await call("POST", `/api/whatsapp/${connectionId}/templates`, {
    token: team.admin.token,
    body: { name: `modelo_${++seq}`, language: "pt_BR", category: "UTILITY", body, examples },
  });
  expect(created.status).toBe(201);
  await graph.flushStatuses();
  await ingestHook(graph.hooks.at(-1)!);
  return created.json.id as number;
}
