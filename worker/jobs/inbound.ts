import { cloudWebhookJob } from "../contracts/cloudWebhook";
import { createControlDb } from "../db/client";
import { ingestCloudWebhook, RetryLater } from "../domain/cloud/ingestCloudWebhook";
import { hubDirectory } from "../hub/ports";
import type { Env } from "../env";
import { retryDelaySeconds } from "./outbound";

/**
 * The INBOUND consumer: webhook deliveries of the WhatsApp Cloud API, verified at the edge (ADR 0050). A failure
 * (a hub or Meta's media service down) retries the delivery with backoff; ingestion is idempotent.
 */
export async function handleInboundBatch(batch: MessageBatch<unknown>, env: Env) {
  const hubs = hubDirectory(env);
  const control = createControlDb(env.DB);
  for (const message of batch.messages) {
    const parsed = cloudWebhookJob.safeParse(message.body);
    if (!parsed.success) {
      console.error("inbound: malformed job dropped");
      message.ack();
      continue;
    }
    try {
      await ingestCloudWebhook(hubs, control, env, parsed.data);
      message.ack();
    } catch (err) {
      console.warn("inbound: delivery will be retried", { error: String(err), attempts: message.attempts, later: err instanceof RetryLater });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
