import { cloudWebhookEnvelope, type CloudWebhookJob } from "../../contracts/cloudWebhook";
import type { Env } from "../../env";

/**
 * Meta batches up to 1000 changes in one webhook POST, and a queue message holds 128 KB (1 KB = 1000 bytes, about
 * 100 of them metadata). A delivery too big for one message is queued in pieces: its changes, in order, packed into
 * copies of the envelope that fit; a single change still too big is kept in R2 under the platform's prefix and its
 * job names the key (the consumer reads it, then deletes it). The signature was checked on the whole raw body before.
 */

/** What one queue message may carry at most, with room left for the queue's own metadata. */
export const QUEUE_MESSAGE_BUDGET = 120_000;
/** sendBatch takes at most 100 messages and 256 KB in all. */
const BATCH_MESSAGES = 100;
const BATCH_BUDGET = 250_000;
/** Where a change too big for the queue waits for its consumer (not under any company's prefix: it is not routed yet). */
export const SPILL_PREFIX = "platform/cloud-webhooks/";

/**
 * The bytes a text takes in a queue message at most: the queue stores it as V8 serializes it, one byte a character
 * while every character is Latin-1, two otherwise.
 */
function queuedBytes(text: string): number {
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}

type JobOf = (piece: { body: string } | { spilledKey: string }) => CloudWebhookJob;

/** The pieces of a delivery's body, each fitting a queue message (`budget` bytes) with its job around it. */
export function piecesOf(body: string, jobOverhead: number, budget = QUEUE_MESSAGE_BUDGET): { fits: string[]; tooBig: string[] } {
  if (queuedBytes(body) + jobOverhead <= budget) return { fits: [body], tooBig: [] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    // Signed by Meta yet not JSON: kept whole, the consumer logs and skips it as it does any unreadable delivery.
    return { fits: [], tooBig: [body] };
  }
  const envelope = cloudWebhookEnvelope.safeParse(json);
  if (!envelope.success) return { fits: [], tooBig: [body] };
  const head = `{"object":${JSON.stringify(envelope.data.object)},"entry":[`;
  const fits: string[] = [];
  const tooBig: string[] = [];
  // The piece being packed: its entries, each with its changes' JSON.
  let entries: { id: string; changes: string[] }[] = [];
  let bytes = 0;
  const text = (of: typeof entries) => `${head}${of.map((e) => `{"id":${JSON.stringify(e.id)},"changes":[${e.changes.join(",")}]}`).join(",")}]}`;
  const close = () => {
    if (entries.length > 0) fits.push(text(entries));
    entries = [];
    bytes = 0;
  };
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      const json = JSON.stringify(change);
      // A change's own size, with its entry's wrapping should it open one (counted generously: two bytes a character).
      const cost = (json.length + entry.id.length + 32) * 2;
      if ((head.length + 2) * 2 + cost + jobOverhead > budget) {
        tooBig.push(text([{ id: entry.id, changes: [json] }]));
        continue;
      }
      if ((head.length + 2) * 2 + bytes + cost + jobOverhead > budget) close();
      const last = entries.at(-1);
      if (last?.id === entry.id) last.changes.push(json);
      else entries.push({ id: entry.id, changes: [json] });
      bytes += cost;
    }
  }
  close();
  return { fits, tooBig };
}

/** Queues a verified delivery: as it came when it fits one message, else in pieces (see above). */
export async function queueDelivery(env: Env, body: string, jobOf: JobOf): Promise<void> {
  const overhead = queuedBytes(JSON.stringify(jobOf({ body: "" })));
  const { fits, tooBig } = piecesOf(body, overhead);
  const jobs = fits.map((piece) => jobOf({ body: piece }));
  for (const piece of tooBig) {
    const spilledKey = `${SPILL_PREFIX}${crypto.randomUUID()}.json`;
    await env.MEDIA.put(spilledKey, piece, { httpMetadata: { contentType: "application/json" } });
    jobs.push(jobOf({ spilledKey }));
  }
  if (jobs.length === 1) {
    await env.INBOUND.send(jobs[0]!);
    return;
  }
  let batch: MessageSendRequest<CloudWebhookJob>[] = [];
  let batchBytes = 0;
  for (const job of jobs) {
    const size = queuedBytes(JSON.stringify(job));
    if (batch.length === BATCH_MESSAGES || batchBytes + size > BATCH_BUDGET) {
      await env.INBOUND.sendBatch(batch);
      batch = [];
      batchBytes = 0;
    }
    batch.push({ body: job });
    batchBytes += size;
  }
  if (batch.length > 0) await env.INBOUND.sendBatch(batch);
}

/** A job's delivery text: its body, or the piece it left in R2 (null once that was ingested and deleted: a redelivered job). */
export async function bodyOfJob(env: Env, job: CloudWebhookJob): Promise<string | null> {
  if (!job.spilledKey) return job.body;
  const object = await env.MEDIA.get(job.spilledKey);
  return object ? object.text() : null;
}

/** After the batch was ingested: the pieces it read from R2 are deleted. */
export async function dropSpilled(env: Env, jobs: CloudWebhookJob[]): Promise<void> {
  const keys = jobs.flatMap((j) => (j.spilledKey ? [j.spilledKey] : []));
  if (keys.length > 0) await env.MEDIA.delete(keys);
}
