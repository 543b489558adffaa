import { z } from "zod";
import {
  publicConnection,
  publicConnectionStatus,
  publicContact,
  publicContactRef,
  publicMessage,
  publicMessageStatus,
  publicTicket,
  publicTicketStatus,
} from "./resources";

/**
 * The company's events an admin subscribes webhooks to (issue 25). Each delivery's body is one `WebhookEvent`: a
 * stable envelope (`id` for deduplication, the same on every retry and on "send again"; `type`; `createdAt`;
 * `companyId`) around the type's `data`. Shapes only grow: a field is never renamed or removed.
 */
export const WEBHOOK_EVENT_TYPES = [
  "message.created",
  "message.status",
  "ticket.created",
  "ticket.accepted",
  "ticket.transferred",
  "ticket.closed",
  "ticket.reopened",
  "contact.created",
  "contact.updated",
  "rating.received",
  "campaign.finished",
  "connection.status",
  "automation.triggered",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event" });

/** A test delivery (the subscription's "Testar" button): sent only to that subscription, never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

const ticketChange = z.strictObject({
  ticket: publicTicket,
  /** The ticket as it was before (status, agent, queue); null for a new ticket. */
  previous: z.strictObject({ status: publicTicketStatus, userId: z.number().nullable(), queueId: z.number().nullable() }).nullable(),
});

/** Each type's `data`. */
export const webhookEventData = {
  "message.created": z.strictObject({ message: publicMessage, ticket: z.strictObject({ id: z.number(), uuid: z.string(), status: publicTicketStatus }), contact: publicContactRef }),
  "message.status": z.strictObject({ message: z.strictObject({ id: z.number(), ticketId: z.number(), wid: z.string(), status: publicMessageStatus }) }),
  "ticket.created": ticketChange,
  "ticket.accepted": ticketChange,
  "ticket.transferred": ticketChange,
  "ticket.closed": ticketChange,
  "ticket.reopened": ticketChange,
  "contact.created": z.strictObject({ contact: publicContact }),
  "contact.updated": z.strictObject({ contact: publicContact }),
  "rating.received": z.strictObject({ ticketId: z.number(), contactId: z.number(), userId: z.number().nullable(), rating: z.number().int().min(1).max(5) }),
  "campaign.finished": z.strictObject({
    campaign: z.strictObject({ id: z.number(), name: z.string(), status: z.string(), sent: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
  }),
  "connection.status": z.strictObject({ connection: publicConnection, previousStatus: publicConnectionStatus.nullable() }),
  /** An automation rule's "send a webhook event" action (issue 26): the rule, the action's label, the ticket as it is. */
  "automation.triggered": z.strictObject({ rule: z.strictObject({ id: z.number(), name: z.string() }), label: z.string(), ticket: publicTicket }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;

/** The envelope every delivery's body is. `id` is "evt_" and a UUID. */
export function webhookEnvelope<T extends z.ZodType>(type: string, data: T) {
  return z.strictObject({
    id: z.string().startsWith("evt_"),
    type: z.literal(type),
    createdAt: z.iso.datetime(),
    companyId: z.number(),
    data,
  });
}

export type WebhookEvent<T extends WebhookEventType = WebhookEventType> = {
  id: string;
  type: T;
  createdAt: string;
  companyId: number;
  data: WebhookEventData<T>;
};

/**
 * The signature recipe (documented in the OpenAPI reference and docs/public-api.md): `X-Zapdesk-Signature: v1=<hex>`
 * where hex is HMAC-SHA256(secret, "<X-Zapdesk-Timestamp>.<raw body>"); `X-Zapdesk-Event` names the type and
 * `X-Zapdesk-Delivery` the event id. A receiver refuses a timestamp more than 5 minutes old. (lib/webhook.ts signs.)
 */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
