import { z } from "zod";

/**
 * Jobs on the OUTBOUND queue: what must reach WhatsApp for a stored message. The consumer (the WhatsApp link)
 * parses them on arrival; the message row is the source of truth, the job only points at it.
 */
export const outboundJob = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("send"), companyId: z.number(), messageId: z.number() }),
  z.object({ kind: z.literal("edit"), companyId: z.number(), messageId: z.number() }),
  z.object({ kind: z.literal("delete"), companyId: z.number(), messageId: z.number() }),
  /** The AI assistant's turn after the contact's message `messageId` on a ticket (worker/jobs/assistant.ts). */
  z.object({ kind: z.literal("assistant"), companyId: z.number(), ticketId: z.number(), messageId: z.number() }),
  /** A queue integration's (n8n, webhook) call for the contact's message `messageId` (worker/jobs/integration.ts). */
  z.object({ kind: z.literal("integration"), companyId: z.number(), ticketId: z.number(), messageId: z.number() }),
]);
export type OutboundJob = z.infer<typeof outboundJob>;
export type AssistantJob = Extract<OutboundJob, { kind: "assistant" }>;
export type IntegrationJob = Extract<OutboundJob, { kind: "integration" }>;
/** The jobs that deliver a stored message to WhatsApp. */
export type DeliveryJob = Exclude<OutboundJob, { kind: "assistant" | "integration" }>;
