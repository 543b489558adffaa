import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { afterEach, beforeEach, vi } from "vitest";
import type { OutboundJob } from "../contracts/outbound";
import { ingestCloudWebhooks } from "../domain/cloud/ingestCloudWebhook";
import { hubDirectory } from "../hub/ports";
import { handleOutboundBatch } from "../jobs/outbound";
import { fakeGraph, type FakeGraph, type SignedWebhook } from "./fakeGraph";
import { call, companyWithTeam, control, testEnv } from "./fixtures";
import { useFakeService } from "./useFakeService";

/** Cloud API numbers in worker tests: a number on the fake Graph API, connected by a company's admin through the API. */

let seq = 0;

/** A number on Meta's side: its ids, token, and the app secret its webhooks are signed with. */
export function metaNumber(appSecret = testEnv.META_APP_SECRET!) {
  const n = `${Date.now()}${++seq}`.slice(-12);
  return { phoneNumberId: `10${n}`, wabaId: `20${n}`, displayPhoneNumber: `+55 11 9${n.slice(-8)}`, accessToken: `EAAG-token-${n}-abcdefghij`, appSecret };
}

/** A company's admin connects a Cloud API number on the platform's app; answers the connection's id. */
export async function connectCloudNumber(graph: FakeGraph, team: Awaited<ReturnType<typeof companyWithTeam>>, number = metaNumber()) {
  graph.numbers.set(number.phoneNumberId, number);
  const res = await call("POST", "/api/whatsapp", {
    token: team.admin.token,
    body: { name: `Oficial ${++seq}`, channel: "cloud", cloud: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken } },
  });
  if (res.status !== 201) throw new Error(`connecting a cloud number answered ${res.status}`);
  return { number, connectionId: res.json.id as number };
}

/** The INBOUND consumer's work on a delivery, as the queue would run it. */
export const ingestHook = (hook: SignedWebhook, routeKey: string | null = null) =>
  ingestCloudWebhooks(hubDirectory(testEnv), control, testEnv, [{ kind: "cloudWebhook", routeKey, body: hook.body, receivedAt: Date.now() }]);

/** The OUTBOUND consumer's work on jobs, as the queue would run it. */
export async function deliverJobs(jobs: OutboundJob[]) {
  const batch = createMessageBatch<OutboundJob>("zapdesk-outbound", jobs.map((body, i) => ({ id: `c${i}`, timestamp: new Date(), attempts: 1, body })));
  createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
}

/** Holds what goes on the OUTBOUND queue (instead of sending it) until `deliver` runs it as the consumer would. */
export function holdOutbound() {
  const held: OutboundJob[] = [];
  const spies = [
    vi.spyOn(testEnv.OUTBOUND, "send").mockImplementation(async (job) => {
      held.push(job as OutboundJob);
      return undefined as never;
    }),
    vi.spyOn(testEnv.OUTBOUND, "sendBatch").mockImplementation(async (jobs) => {
      held.push(...[...jobs].map((j) => j.body as OutboundJob));
      return undefined as never;
    }),
  ];
  return {
    async deliver() {
      const jobs = held.splice(0);
      if (jobs.length > 0) await deliverJobs(jobs);
    },
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}

/** Where tests reach the fake Graph API (through the fetch spy). */
export const GRAPH_ORIGIN = "http://graph.test";

/** For each test: a fresh fake Graph API behind the fetch spy, and the OUTBOUND queue held (holdOutbound). */
export function useCloudFakes() {
  const fakes = {} as { graph: FakeGraph; outbound: ReturnType<typeof holdOutbound> };
  beforeEach(() => {
    fakes.graph = fakeGraph({ origin: GRAPH_ORIGIN, numbers: [] });
    useFakeService(GRAPH_ORIGIN, (r) => fakes.graph.handle(r));
    fakes.outbound = holdOutbound();
  });
  afterEach(() => vi.restoreAllMocks());
  return fakes;
}
