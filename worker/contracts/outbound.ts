import { z } from "zod";

/**
 * Jobs on the OUTBOUND queue: what must reach WhatsApp for a stored message. The consumer (the WhatsApp link)
 * parses them on arrival; the message row is the source of truth, the job only points at it.
 */
export const outboundJob = z.discriminatedUnion("kind", [
  /** typingMs: show "typing…" that long before the message (campaign sends). */
  /**
   * throttled: how often Meta has throttled this send so far (130429 / 131056); each time it goes back on the queue
   * as a new job, later (worker/jobs/outbound.ts). notBefore: not sent before this time (ms), e.g. Meta's marketing
   * cap (131049) retried after 24 hours.
   */
  z.object({
    kind: z.literal("send"),
    companyId: z.number(),
    messageId: z.number(),
    typingMs: z.number().int().min(0).max(10_000).optional(),
    throttled: z.number().int().min(1).max(1000).optional(),
    notBefore: z.number().int().optional(),
  }),
  z.object({ kind: z.literal("edit"), companyId: z.number(), messageId: z.number() }),
  z.object({ kind: z.literal("delete"), companyId: z.number(), messageId: z.number() }),
  /** The contact's message `messageId`, and those before it, read by an agent: the blue ticks (Cloud API connections). */
  z.object({ kind: z.literal("read"), companyId: z.number(), messageId: z.number() }),
  /** The AI assistant's turn after the contact's message `messageId` on a ticket (worker/jobs/assistant.ts). */
  z.object({ kind: z.literal("assistant"), companyId: z.number(), ticketId: z.number(), messageId: z.number() }),
  /** A queue integration's (n8n, webhook) call for the contact's message `messageId` (worker/jobs/integration.ts). */
  z.object({ kind: z.literal("integration"), companyId: z.number(), ticketId: z.number(), messageId: z.number() }),
  /** The next batch of a contact list's WhatsApp check: the items after `cursor` of the check's run `run` (ADR 0039). */
  z.object({ kind: z.literal("contactListCheck"), companyId: z.number(), checkId: z.number(), run: z.number(), cursor: z.number() }),
]);
export type OutboundJob = z.infer<typeof outboundJob>;

/**
 * An e-mail whose first send failed, queued on the same OUTBOUND queue to be retried (ADR 0025). `id` is the
 * provider's idempotency key: however often it is retried, it is sent once.
 */
export const emailJob = z.object({
  kind: z.literal("email"),
  id: z.string().min(1).max(200),
  to: z.string().min(3).max(254),
  subject: z.string().max(300),
  text: z.string().max(20_000),
  html: z.string().max(60_000),
});
export type EmailJob = z.infer<typeof emailJob>;

/** Everything that travels on the OUTBOUND queue. */
export const queueJob = z.union([outboundJob, emailJob]);
export type QueueJob = z.infer<typeof queueJob>;

export type AssistantJob = Extract<OutboundJob, { kind: "assistant" }>;
export type IntegrationJob = Extract<OutboundJob, { kind: "integration" }>;
export type ContactListCheckJob = Extract<OutboundJob, { kind: "contactListCheck" }>;
/**
 * One attempt of an event webhook's delivery `deliveryId` (issue 25, worker/jobs/webhookDelivery.ts), on the WEBHOOKS
 * queue: its own queue, whose consumer takes a job at once (no batching wait), so an event reaches its receiver in
 * milliseconds rather than after the OUTBOUND queue's batch second.
 */
export const webhookJob = z.object({ kind: z.literal("webhook"), companyId: z.number(), deliveryId: z.number() });
export type WebhookJob = z.infer<typeof webhookJob>;
/** The jobs that deliver a stored message to WhatsApp. */
export type DeliveryJob = Exclude<OutboundJob, { kind: "assistant" | "integration" | "contactListCheck" }>;
