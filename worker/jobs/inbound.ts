import { cloudWebhookJob } from "../contracts/cloudWebhook";
import { createControlDb } from "../db/client";
import { ingestCloudWebhooks, RetryLater } from "../domain/cloud/ingestCloudWebhook";
import { dropSpilled } from "../domain/cloud/deliveryPieces";
import { hubDirectory } from "../hub/ports";
import type { Env } from "../env";
import { retryDelaySeconds } from "./outbound";

/**
 * The INBOUND consumer: webhook deliveries of the WhatsApp Cloud API, verified at the edge (ADR 0050), a batch at a
 * time. A failure (a hub or Meta's media service down) retries the batch with backoff; ingestion is idempotent.
 */
export async function handleInboundBatch(batch: MessageBatch<unknown>, env: Env) {
  const jobs = [];
  for (const message of batch.messages) {
    const parsed = cloudWebhookJob.safeParse(message.body);
    if (parsed.success) jobs.push(parsed.data);
    else console.error("inbound: malformed job dropped");
  }
  try {
    // The batch together: one route lookup, and one call per connection's hub, however many deliveries it holds.
    await ingestCloudWebhooks(hubDirectory(env), createControlDb(env.DB), env, jobs);
    await dropSpilled(env, jobs);
    batch.ackAll();
  } catch (err) {
    const attempts = Math.max(...batch.messages.map((m) => m.attempts));
    console.warn("inbound: batch will be retried", { error: String(err), attempts, later: err instanceof RetryLater });
    batch.retryAll({ delaySeconds: retryDelaySeconds(attempts) });
  }
}
