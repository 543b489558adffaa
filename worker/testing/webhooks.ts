import { vi } from "vitest";
import type { WebhookJob } from "../contracts/outbound";
import type { WebhookEventData, WebhookEventType } from "../contracts/publicApi/events";
import { hubDirectory } from "../hub/ports";
import { runWebhookJob } from "../jobs/webhookDelivery";
import { raiseEvent } from "../domain/publicApi/raiseEvent";
import { call, inHub, testEnv } from "./fixtures";
import { FAKE_HOOKS_URL } from "./fakeWebhook";

/**
 * Event webhooks' test kit (issue 25). `holdWebhookJobs()` keeps the WEBHOOKS queue's jobs (with the delay
 * each was asked for) instead of letting the queue run them; `runWebhookJobs` runs them as the consumer would, at
 * the clock the test chooses. A burst for a benchmark: `raiseIn` many times (or the changes that raise events), then
 * `runWebhookJobs` on what was held, against `useFakeWebhook`'s receiver.
 */
export function holdWebhookJobs() {
  const held: { job: WebhookJob; delaySeconds: number | undefined }[] = [];
  const take = (body: unknown, delaySeconds?: number) => {
    if ((body as WebhookJob).kind === "webhook") held.push({ job: body as WebhookJob, delaySeconds });
  };
  vi.spyOn(testEnv.WEBHOOKS, "send").mockImplementation(async (body, options) => {
    take(body, options?.delaySeconds);
    return undefined as never;
  });
  vi.spyOn(testEnv.WEBHOOKS, "sendBatch").mockImplementation(async (batch) => {
    for (const m of batch) take(m.body, m.delaySeconds);
    return undefined as never;
  });
  return {
    held,
    /** Every held job taken out of the queue. */
    take: () => held.splice(0),
    /** Waits for enqueues the hub left to run after its answer (ctx.waitUntil). */
    async settled(count: number, ms = 3000) {
      const until = Date.now() + ms;
      while (held.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return held;
    },
  };
}

/** Runs webhook jobs as the WEBHOOKS consumer would, with the job's clock at `now`. */
export async function runWebhookJobs(jobs: WebhookJob[], now = Date.now()) {
  for (const job of jobs) await runWebhookJob(hubDirectory(testEnv), testEnv, job, { now: () => now });
}

/** An admin's subscription to `events` at the fake receiver's `path`, as the admin's page makes it: its id and secret. */
export async function subscribeHook(admin: { token: string }, path: string, events: WebhookEventType[]) {
  const res = await call("POST", "/api/webhook-subscriptions", { token: admin.token, body: { url: `${FAKE_HOOKS_URL}${path}`, events } });
  if (res.status !== 201) throw new Error(`subscribing answered ${res.status} ${JSON.stringify(res.json)}`);
  return { id: res.json.subscription.id as number, secret: res.json.secret as string };
}

/** Raises an event in the company's hub, as the change that causes it would. */
export function raiseIn<T extends WebhookEventType>(companyId: number, type: T, data: WebhookEventData<T>) {
  return inHub(companyId, (hub) => raiseEvent(hub.systemCtx(companyId), type, data));
}
