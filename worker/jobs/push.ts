import { pushJob, type PushJob } from "../contracts/pushJob";
import type { HubDirectory } from "../domain/hubPort";
import { vapidKeys } from "../domain/push/vapid";
import { hubDirectory } from "../hub/ports";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { sendPush, type PushOutcome } from "../lib/webPush";

/** A push kept this long by the push service for a device that is offline: a notification older than that is noise. */
export const PUSH_TTL_SECONDS = 60 * 60;
/** How often a job is tried for devices whose push service failed for a passing reason (5xx, 429, the network). */
const MAX_PUSH_ATTEMPTS = 3;

/**
 * One PUSH job (issue 29): the hub names the user's devices, each gets the notification encrypted to its keys
 * (RFC 8291) and posted to its push service with a VAPID signature (RFC 8292), through the egress guard; what the
 * services answered goes back to the hub (devices gone are removed). Answers the devices to try again.
 */
export async function runPushJob(hubs: HubDirectory, env: Env, job: PushJob): Promise<number[]> {
  const vapid = vapidKeys(env);
  if (!vapid) return [];
  const hub = hubs.of(job.companyId);
  const targets = await hub.call("pushTargets", { userId: job.userId, subscriptionIds: job.subscriptionIds });
  if (targets.length === 0) return [];
  const payload = JSON.stringify(job.notification);
  const egress = egressPolicy(env);
  const outcomes = await Promise.all(
    targets.map(async (t): Promise<[number, PushOutcome]> => [
      t.id,
      await sendPush({ endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } }, payload, vapid, egress, {
        ttl: PUSH_TTL_SECONDS,
        urgency: job.notification.kind === "test" || job.notification.kind === "message" || job.notification.kind === "mention" ? "high" : "normal",
        topic: job.notification.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
      }),
    ]),
  );
  const delivered = outcomes.filter(([, o]) => o.kind === "delivered").map(([id]) => id);
  const gone = outcomes.filter(([, o]) => o.kind === "gone").map(([id]) => id);
  for (const [id, o] of outcomes) if (o.kind === "failed") console.warn("push: a device's push failed", { companyId: job.companyId, subscriptionId: id, reason: o.reason });
  if (delivered.length || gone.length) await hub.call("pushOutcome", { userId: job.userId, delivered, gone, at: Date.now() });
  return outcomes.filter(([, o]) => o.kind === "failed" && o.retry).map(([id]) => id);
}

/** The PUSH consumer: each job on its own, side by side; a passing failure is tried again for the devices that had it. */
export async function handlePushBatch(batch: MessageBatch<unknown>, env: Env) {
  const hubs = hubDirectory(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = pushJob.safeParse(message.body);
      if (!parsed.success) {
        console.error("push: malformed job dropped");
        message.ack();
        return;
      }
      try {
        const retry = await runPushJob(hubs, env, parsed.data);
        message.ack();
        if (retry.length && message.attempts < MAX_PUSH_ATTEMPTS) await env.PUSH.send({ ...parsed.data, subscriptionIds: retry }, { delaySeconds: 10 * message.attempts });
      } catch (err) {
        console.warn("push: job will be retried", { companyId: parsed.data.companyId, error: String(err), attempts: message.attempts });
        if (message.attempts >= MAX_PUSH_ATTEMPTS) message.ack();
        else message.retry({ delaySeconds: 5 * message.attempts });
      }
    }),
  );
}
