import type { BridgeEvent } from "../../contracts/bridge";
import type { z } from "zod";
import { cloudMessagesValue, cloudTemplateStatusValue, cloudWebhookEnvelope, type CloudMessagesValue, type CloudWebhookJob } from "../../contracts/cloudWebhook";
import { cloudNumbers } from "../../db/control";
import { inList } from "../../db/inList";
import type { ControlDb } from "../../db/client";
import type { CloudNumber } from "../../db/control";
import type { Env } from "../../env";
import { CloudApiError } from "../../lib/whatsappCloud";
import type { HubDirectory } from "../hubPort";
import { inboundMediaKey } from "../inbound/uploadedBridgeMedia";
import type { CloudEvent } from "./cloudEvents";
import { cloudEventsOf } from "./cloudEvents";
import { cloudClientFor, cloudNumbersOfWaba } from "./cloudNumbers";
import { bodyOfJob } from "./deliveryPieces";

/** A delivery worth another try later (a file Meta could not give now): the queue retries the whole job. */
export class RetryLater extends Error {}

type TemplateStatus = { wabaId: string; routeKey: string | null } & z.infer<typeof cloudTemplateStatusValue>;

/** A delivery's changes, read: its `messages` values by phone number id, and its template reviews. */
function readDelivery(job: CloudWebhookJob, body: string | null) {
  const messages: { phoneNumberId: string; value: CloudMessagesValue }[] = [];
  const templates: TemplateStatus[] = [];
  let skipped = 0;
  if (body === null) return { messages, templates, skipped: 0 };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { messages, templates, skipped: 1 };
  }
  const envelope = cloudWebhookEnvelope.safeParse(json);
  if (!envelope.success || envelope.data.object !== "whatsapp_business_account") return { messages, templates, skipped: 1 };
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field === "message_template_status_update") {
        const status = cloudTemplateStatusValue.safeParse(change.value);
        if (status.success) templates.push({ wabaId: entry.id, routeKey: job.routeKey, ...status.data });
        else skipped++;
      } else if (change.field === "messages") {
        const value = cloudMessagesValue.safeParse(change.value);
        if (value.success) messages.push({ phoneNumberId: value.data.metadata.phone_number_id, value: value.data });
        else skipped++;
      } else {
        // Account and quality updates are not read yet.
        skipped++;
      }
    }
  }
  return { messages, templates, skipped };
}

/**
 * A batch of verified webhook deliveries from the queue (ADR 0050), in the order Meta sent them: each `messages`
 * change routed by its phone number id (only numbers of the route it came in by: a company's app cannot speak for
 * another's number), read as the product's inbound events, the files of new messages fetched from Meta into R2
 * under the company's prefix, and each connection's events handed to its company's hub in one call. Companies go
 * side by side. Idempotent: a message the hub has already is skipped (its file not fetched again), acks only move
 * forward, so a redelivered batch changes nothing.
 */
export async function ingestCloudWebhooks(hubs: HubDirectory, control: ControlDb, env: Env, jobs: CloudWebhookJob[]): Promise<{ ingested: number; skipped: number }> {
  const bodies = await Promise.all(jobs.map((job) => bodyOfJob(env, job)));
  const read = jobs.map((job, i) => ({ job, ...readDelivery(job, bodies[i]!) }));
  let skipped = read.reduce((n, r) => n + r.skipped, 0);
  const ids = [...new Set(read.flatMap((r) => r.messages.map((m) => m.phoneNumberId)))];
  const routes = new Map((ids.length > 0 ? await control.select().from(cloudNumbers).where(inList(cloudNumbers.phoneNumberId, ids)) : []).map((n) => [n.phoneNumberId, n]));

  const byConnection = new Map<number, { number: CloudNumber; events: CloudEvent[] }>();
  for (const { job, messages } of read) {
    for (const { phoneNumberId, value } of messages) {
      const number = routes.get(phoneNumberId);
      if (!number || number.routeKey !== job.routeKey) {
        console.warn("cloud webhook: a change for a number not on this route dropped", { phoneNumberId });
        skipped++;
        continue;
      }
      const events = cloudEventsOf(number.whatsappId, value);
      skipped += events.skipped;
      let slot = byConnection.get(number.whatsappId);
      if (!slot) byConnection.set(number.whatsappId, (slot = { number, events: [] }));
      slot.events.push(...events.events);
    }
  }

  // A template's review applies to every connection of its business account on its route (each in its company).
  for (const s of read.flatMap((r) => r.templates)) {
    for (const number of await cloudNumbersOfWaba(control, s.wabaId)) {
      if (number.routeKey !== s.routeKey) continue;
      await hubs.of(number.companyId).call("templateStatus", { whatsappId: number.whatsappId, metaId: s.message_template_id, status: s.event, reason: s.reason ?? null });
    }
  }

  const byCompany = new Map<number, { number: CloudNumber; events: CloudEvent[] }[]>();
  for (const slot of byConnection.values()) byCompany.set(slot.number.companyId, [...(byCompany.get(slot.number.companyId) ?? []), slot]);
  const counts = await Promise.all(
    [...byCompany].map(async ([companyId, slots]) => {
      let ingested = 0;
      for (const { number, events } of slots) ingested += await ingestConnection(hubs.of(companyId), env, number, events);
      return ingested;
    }),
  );
  return { ingested: counts.reduce((a, b) => a + b, 0), skipped };
}

/** One connection's events: its token and known messages asked once, files fetched, then one ingest. */
async function ingestConnection(hub: ReturnType<HubDirectory["of"]>, env: Env, number: CloudNumber, events: CloudEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const messageIds = events.flatMap((e) => (e.event.type === "message" ? [e.event.message.id] : []));
  const intake = await hub.call("cloudIntake", { whatsappId: number.whatsappId, messageIds });
  if (!intake) return 0;
  const known = new Set(intake.known);
  const ready: BridgeEvent[] = [];
  for (const e of events) {
    if (e.event.type === "message" && known.has(e.event.message.id)) continue;
    // A redelivery inside the batch itself: the first copy is the one ingested.
    if (e.event.type === "message") known.add(e.event.message.id);
    ready.push(e.media && e.event.type === "message" ? await withStoredMedia(env, number, intake.accessToken, e.event, e.media) : e.event);
  }
  return ready.length > 0 ? (await hub.ingest(ready)).ingested : 0;
}

/** The message with its file fetched from Meta (its URL lives minutes) and stored under the company's prefix. */
async function withStoredMedia(
  env: Env,
  number: CloudNumber,
  accessToken: string | null,
  event: Extract<BridgeEvent, { type: "message" }>,
  media: NonNullable<CloudEvent["media"]>,
): Promise<BridgeEvent> {
  if (accessToken) {
    try {
      const file = await cloudClientFor(env, number.phoneNumberId, accessToken).download(media.id);
      const key = inboundMediaKey(number.companyId, media.filename);
      await env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.mimetype } });
      return { ...event, message: { ...event.message, media: { key, mimetype: file.mimetype, filename: media.filename } } };
    } catch (err) {
      if (err instanceof CloudApiError && err.transient) throw new RetryLater(`media ${media.id}: ${err.message}`);
      console.warn("cloud webhook: a file could not be fetched; the message is kept without it", { mediaId: media.id, error: String(err), fbtraceId: err instanceof CloudApiError ? err.fbtraceId : undefined });
    }
  }
  // Kept, so the conversation shows that something came: what it was, and its caption.
  return { ...event, message: { ...event.message, mediaType: "unknown", body: event.message.body || media.filename } };
}
