import { eq } from "drizzle-orm";
import { afterEach, beforeEach, vi } from "vitest";
import type { OutboundJob } from "../contracts/outbound";
import { messages, tickets } from "../db/tenant";
import { ingestCloudWebhooks } from "../domain/cloud/ingestCloudWebhook";
import { hubDirectory } from "../hub/ports";
import { deliverJobs } from "./campaigns";
import { fakeGraph, type FakeGraph, type FakeGraphNumber, type SignedWebhook } from "./fakeGraph";
import { call, companyWithTeam, control, inTenant, testEnv } from "./fixtures";
import { useFakeService } from "./useFakeService";

/** The Cloud API tests' kit (ADR 0050): Meta's fake, a company's cloud number, and the two queues' consumers. */

export const GRAPH = "http://graph.test";
export const PLATFORM_SECRET = testEnv.META_APP_SECRET!;

let seq = 0;
/** Meta's fake of the running test (a fresh one per test, see useFakeGraph). */
export let graph: FakeGraph;

/** Stands a fresh fake Graph API in for every test of the file. */
export function useFakeGraph() {
  beforeEach(() => {
    graph = fakeGraph({ origin: GRAPH, numbers: [] });
    useFakeService(GRAPH, (r) => graph.handle(r));
  });
  afterEach(() => vi.restoreAllMocks());
}

/** A number on Meta's side: its ids, token, and the app secret its webhooks are signed with. */
export function metaNumber(appSecret = PLATFORM_SECRET): FakeGraphNumber {
  const n = `${Date.now()}${++seq}`.slice(-12);
  return { phoneNumberId: `10${n}`, wabaId: `20${n}`, displayPhoneNumber: `+55 11 9${n.slice(-8)}`, accessToken: `EAAG-token-${n}-abcdefghij`, appSecret };
}

export type Team = Awaited<ReturnType<typeof companyWithTeam>>;

/** A company's admin connects a Cloud API number (on the platform's app unless `ownApp`). */
export async function connectCloud(team: Team, number = metaNumber(), ownApp?: { verifyToken: string }) {
  graph.numbers.set(number.phoneNumberId, number);
  const res = await call("POST", "/api/whatsapp", {
    token: team.admin.token,
    body: {
      name: `Oficial ${++seq}`,
      channel: "cloud",
      cloud: {
        phoneNumberId: number.phoneNumberId,
        wabaId: number.wabaId,
        accessToken: number.accessToken,
        ...(ownApp ? { appSecret: number.appSecret, verifyToken: ownApp.verifyToken } : {}),
      },
    },
  });
  return { res, number };
}

/** A company's admin connects a Cloud API number; answers it and the connection's id (a refusal throws). */
export async function connectedNumber(team: Team, number = metaNumber()) {
  const { res } = await connectCloud(team, number);
  if (res.status !== 201) throw new Error(`connecting a cloud number answered ${res.status}`);
  return { number, connectionId: res.json.id as number };
}

/** The INBOUND consumer's work on a delivery, as the queue would run it. */
export const ingest = (hook: SignedWebhook, routeKey: string | null = null) =>
  ingestCloudWebhooks(hubDirectory(testEnv), control, testEnv, [{ kind: "cloudWebhook", routeKey, body: hook.body, receivedAt: Date.now() }]);

/** The OUTBOUND consumer's work on these jobs, as the queue would run it. */
export const deliver = deliverJobs;

/**
 * Holds the OUTBOUND queue while `run` runs: the jobs it enqueued are answered, not delivered (the test delivers
 * them itself, when it wants).
 */
export async function holdingOutbound<T>(run: () => Promise<T>): Promise<{ result: T; jobs: OutboundJob[]; delays: (number | undefined)[] }> {
  const jobs: OutboundJob[] = [];
  /** Each job's delay (seconds), as it was asked of the queue. */
  const delays: (number | undefined)[] = [];
  const send = vi.spyOn(testEnv.OUTBOUND, "send").mockImplementation(async (job, options) => {
    jobs.push(job as OutboundJob);
    delays.push(options?.delaySeconds);
    return undefined as never;
  });
  const sendBatch = vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockImplementation(async (batch) => {
    for (const m of batch) {
      jobs.push(m.body as OutboundJob);
      delays.push(m.delaySeconds);
    }
    return undefined as never;
  });
  try {
    return { result: await run(), jobs, delays };
  } finally {
    send.mockRestore();
    sendBatch.mockRestore();
  }
}

/**
 * Meta's fake for each test (as useFakeGraph) with the OUTBOUND queue held for the whole test: what the product
 * queues waits until `outbound.deliver()` runs it as the consumer would.
 */
export function useCloudFakes() {
  useFakeGraph();
  const held: OutboundJob[] = [];
  const spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    held.length = 0;
    spies.splice(0, spies.length,
      vi.spyOn(testEnv.OUTBOUND, "send").mockImplementation(async (job) => {
        held.push(job as OutboundJob);
        return undefined as never;
      }),
      vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockImplementation(async (jobs) => {
        held.push(...[...jobs].map((j) => j.body as OutboundJob));
        return undefined as never;
      }),
    );
  });
  return {
    get graph() {
      return graph;
    },
    outbound: {
      async deliver() {
        const jobs = held.splice(0);
        if (jobs.length > 0) await deliver(jobs);
      },
      /** The queue sends for real again (a test that runs the consumer by other means). */
      restore: () => spies.forEach((s) => s.mockRestore()),
    },
  };
}

export const messagesOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.companyId, companyId)).all());

/** A customer wrote to a connected cloud number, and an agent took the ticket (the window open). */
export async function cloudConversation(team?: Team) {
  team ??= await companyWithTeam();
  const { number, res } = await connectCloud(team);
  const customer = { waId: `55119876${String(++seq).padStart(5, "0")}`, name: "Cliente" };
  const { hook, wamid } = await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Olá" } });
  await ingest(hook);
  const first = (await messagesOf(team.company.id)).find((m) => m.wid === wamid);
  await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.agent.id }).where(eq(tickets.id, first!.ticketId)).run());
  return { team, number, customer, ticketId: first!.ticketId, connectionId: res.json.id as number };
}

/** The agent writes on the ticket; the message is stored, then delivered through the OUTBOUND consumer. */
export async function agentSends(team: Team, ticketId: number, body: string) {
  const { result: res } = await holdingOutbound(() => call("POST", `/api/messages/${ticketId}`, { token: team.agent.token, body: { body } }));
  if (res.status !== 201) throw new Error(`send refused: ${res.status} ${JSON.stringify(res.json)}`);
  const stored = (await messagesOf(team.company.id)).find((m) => m.fromMe && m.body.endsWith(body))!;
  await deliver([{ kind: "send", companyId: team.company.id, messageId: stored.id }]);
  return stored.id;
}

/**
 * A customer who wrote to the number more than a day ago, on a ticket the agent has open: the window has closed,
 * on our side and on Meta's.
 */
export async function customerWithClosedWindow(team: Team, number: FakeGraphNumber, name = "Cliente antigo") {
  const customer = { waId: `55119877${String(++seq).padStart(5, "0")}`, name };
  const { hook, wamid } = await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Oi" } });
  await ingest(hook);
  const first = (await messagesOf(team.company.id)).find((m) => m.wid === wamid)!;
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.agent.id, customerWroteAt: dayAgo }).where(eq(tickets.id, first.ticketId)).run());
  graph.lastInbound.set(`${number.phoneNumberId}:${customer.waId}`, dayAgo.getTime());
  return { customer, ticketId: first.ticketId };
}

/** An admin creates a template and Meta approves it (the review's webhook ingested). */
export async function approvedTemplate(team: Team, connectionId: number, body: string, examples: string[]) {
  const created = await call("POST", `/api/whatsapp/${connectionId}/templates`, {
    token: team.admin.token,
    body: { name: `modelo_${++seq}`, language: "pt_BR", category: "UTILITY", body, examples },
  });
  if (created.status !== 201) throw new Error(`template refused: ${created.status} ${JSON.stringify(created.json)}`);
  await graph.flushStatuses();
  await ingest(graph.hooks.at(-1)!);
  return created.json.id as number;
}
