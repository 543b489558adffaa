import type { BridgeEvent } from "../../contracts/bridge";
import type { z } from "zod";
import { cloudMessagesValue, cloudTemplateStatusValue, cloudWebhookEnvelope, type CloudWebhookJob } from "../../contracts/cloudWebhook";
import type { ControlDb } from "../../db/client";
import type { CloudNumber } from "../../db/control";
import type { Env } from "../../env";
import { CloudApiError } from "../../lib/whatsappCloud";
import type { HubDirectory } from "../hubPort";
import { inboundMediaKey } from "../inbound/uploadedBridgeMedia";
import type { CloudEvent } from "./cloudEvents";
import { cloudEventsOf } from "./cloudEvents";
import { cloudClientFor, cloudNumberOf, cloudNumbersOfWaba } from "./cloudNumbers";

/** A delivery worth another try later (a file Meta could not give now): the queue retries the whole job. */
export class RetryLater extends Error {}

/**
 * One verified webhook delivery from the queue (ADR 0050): each `messages` change routed by its phone number id
 * (only numbers of the route it came in by), read as the product's inbound events, the files of new messages
 * fetched from Meta into R2 under the company's prefix, and the events handed to the company's hub in Meta's order.
 * Idempotent: a message the hub has already is skipped (its file not fetched again), acks only move forward.
 */
export async function ingestCloudWebhook(hubs: HubDirectory, control: ControlDb, env: Env, job: CloudWebhookJob): Promise<{ ingested: number; skipped: number }> {
  let json: unknown;
  try {
    json = JSON.parse(job.body);
  } catch {
    console.warn("cloud webhook: not JSON, dropped");
    return { ingested: 0, skipped: 1 };
  }
  const envelope = cloudWebhookEnvelope.safeParse(json);
  if (!envelope.success || envelope.data.object !== "whatsapp_business_account") return { ingested: 0, skipped: 1 };

  const numbers = new Map<string, CloudNumber | null>();
  const byConnection = new Map<number, { number: CloudNumber; events: CloudEvent[] }>();
  const templateStatuses: ({ wabaId: string } & z.infer<typeof cloudTemplateStatusValue>)[] = [];
  let skipped = 0;
  for (const entry of envelope.data.entry) {
    for (const change of entry.changes) {
      if (change.field === "message_template_status_update") {
        const status = cloudTemplateStatusValue.safeParse(change.value);
        if (status.success) templateStatuses.push({ wabaId: entry.id, ...status.data });
        else skipped++;
        continue;
      }
      if (change.field !== "messages") {
        // Account and quality updates are not read yet.
        skipped++;
        continue;
      }
      const value = cloudMessagesValue.safeParse(change.value);
      if (!value.success) {
        skipped++;
        continue;
      }
      const phoneNumberId = value.data.metadata.phone_number_id;
      if (!numbers.has(phoneNumberId)) numbers.set(phoneNumberId, (await cloudNumberOf(control, phoneNumberId)) ?? null);
      const number = numbers.get(phoneNumberId);
      // Unknown here, or on another route: a company's app cannot speak for a number that is not its own.
      if (!number || number.routeKey !== job.routeKey) {
        console.warn("cloud webhook: a change for a number not on this route dropped", { phoneNumberId });
        skipped++;
        continue;
      }
      const read = cloudEventsOf(number.whatsappId, value.data);
      skipped += read.skipped;
      let slot = byConnection.get(number.whatsappId);
      if (!slot) byConnection.set(number.whatsappId, (slot = { number, events: [] }));
      slot.events.push(...read.events);
    }
  }

  // A template's review applies to every connection of its business account on this route (each in its company).
  for (const s of templateStatuses) {
    for (const number of await cloudNumbersOfWaba(control, s.wabaId)) {
      if (number.routeKey !== job.routeKey) continue;
      await hubs.of(number.companyId).call("templateStatus", { whatsappId: number.whatsappId, metaId: s.message_template_id, status: s.event, reason: s.reason ?? null });
    }
  }

  let ingested = 0;
  for (const { number, events } of byConnection.values()) {
    if (events.length === 0) continue;
    const hub = hubs.of(number.companyId);
    const messageIds = events.flatMap((e) => (e.event.type === "message" ? [e.event.message.id] : []));
    const intake = await hub.call("cloudIntake", { whatsappId: number.whatsappId, messageIds });
    if (!intake) continue;
    const known = new Set(intake.known);
    const ready: BridgeEvent[] = [];
    for (const e of events) {
      if (e.event.type === "message" && known.has(e.event.message.id)) continue;
      ready.push(e.media && e.event.type === "message" ? await withStoredMedia(env, number, intake.accessToken, e.event, e.media) : e.event);
    }
    if (ready.length > 0) ingested += (await hub.ingest(ready)).ingested;
  }
  return { ingested, skipped };
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
