import { webhookJob, type WebhookJob } from "../contracts/outbound";
import type { WebhookAttempt } from "../contracts/hubJobs";
import type { HubDirectory } from "../domain/hubPort";
import { hubDirectory } from "../hub/ports";
import { MAX_DELIVERY_ATTEMPTS, retryDelaySeconds } from "./outbound";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { postWebhookBody, WEBHOOK_HEADERS } from "../lib/webhook";

/** The queue's longest delay (Cloudflare Queues: 12 hours). */
const MAX_QUEUE_DELAY_SECONDS = 12 * 60 * 60;

export interface WebhookJobOptions {
  /** The job's clock for the schedule (tests drive a delivery through its 24 hours with it); signing uses the real one. */
  now?: () => number;
  timeoutMs?: number;
}

/**
 * One attempt of an event webhook's delivery, run by the WEBHOOKS consumer outside the hub: the hub hands the
 * delivery (URL, opened secret, the event's JSON), it is posted once through the egress guard, signed
 * (lib/webhook.ts) with `X-Zapdesk-Event` and the event id as `X-Zapdesk-Delivery`, and the outcome goes back to the
 * hub, which says when to try again: that attempt is a new job, delayed (so the queue's own retry limit never drops a
 * delivery within its 24 hours).
 */
export async function runWebhookJob(hubs: HubDirectory, env: Env, job: WebhookJob, options: WebhookJobOptions = {}) {
  const now = options.now ?? Date.now;
  const hub = hubs.of(job.companyId);
  const send = await hub.call("webhookSend", { deliveryId: job.deliveryId, at: now() });
  if (!send) return;
  const started = now();
  let attempt: WebhookAttempt;
  if (!send.secret) attempt = { at: started, status: null, error: "The signing secret does not open (rotate it)", durationMs: 0 };
  else {
    const result = await postWebhookBody(send.url, send.secret, send.payload, {
      egress: egressPolicy(env),
      retries: 0,
      timeoutMs: options.timeoutMs ?? 10_000,
      deliveryId: send.eventId,
      headers: { [WEBHOOK_HEADERS.event]: send.eventType },
    });
    const durationMs = Math.max(0, now() - started);
    attempt = result.ok
      ? { at: started, status: result.status, error: null, durationMs }
      : { at: started, status: result.status, error: failureText(result.reason, result.status), durationMs, refused: result.reason === "forbidden" };
  }
  const { retryAt } = await hub.call("webhookAttempt", { deliveryId: send.deliveryId, attempt });
  if (retryAt === null) return;
  const delaySeconds = Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(1, Math.ceil((retryAt - now()) / 1000)));
  await env.WEBHOOKS.send(job, { delaySeconds });
}

function failureText(reason: string, status: number | null): string {
  if (status !== null) return `HTTP ${status}`;
  if (reason === "forbidden") return "Refused address (egress guard)";
  if (reason === "timeout") return "Timeout";
  if (reason === "bad_response") return "Bad response";
  return "Network error";
}

/**
 * The WEBHOOKS consumer: each job is one attempt, run side by side (each waits on a receiver). A failure to reach the
 * hub is retried by the queue; a job given up is found again by the hub's sweep (its delivery stays pending).
 */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env) {
  const hubs = hubDirectory(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = webhookJob.safeParse(message.body);
      if (!parsed.success) {
        console.error("webhook: malformed job dropped", message.body);
        message.ack();
        return;
      }
      try {
        await runWebhookJob(hubs, env, parsed.data);
        message.ack();
      } catch (err) {
        console.warn("webhook: attempt will be retried", { job: parsed.data, error: String(err), attempts: message.attempts });
        if (message.attempts >= MAX_DELIVERY_ATTEMPTS) message.ack();
        else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }),
  );
}
