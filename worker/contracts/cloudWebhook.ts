import { z } from "zod";

/**
 * What Meta's WhatsApp Cloud API posts to our webhook (ADR 0050). Read leniently: Meta adds fields and message
 * types over time, so the envelope keeps each change's value unparsed and each message and status is read on its
 * own, and one that does not parse is skipped (logged) rather than the whole delivery refused.
 */
export const cloudWebhookEnvelope = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        /** The WhatsApp Business Account's id. */
        id: z.string(),
        changes: z.array(z.object({ field: z.string(), value: z.unknown() })).default([]),
      }),
    )
    .default([]),
});
export type CloudWebhookEnvelope = z.infer<typeof cloudWebhookEnvelope>;

const mediaRef = z.object({
  id: z.string().min(1).max(256),
  mime_type: z.string().max(200).optional(),
  caption: z.string().max(4096).optional(),
  filename: z.string().max(255).optional(),
  /** Audio recorded as a voice note. */
  voice: z.boolean().optional(),
});

/** Digits of a phone number as Meta writes `wa_id` and `from`. */
const waId = z.string().regex(/^\d{5,20}$/);

export const cloudInboundMessage = z.object({
  id: z.string().min(1).max(256),
  /** The customer's number; absent for a user known only by a business-scoped id (usernames). */
  from: waId.optional(),
  /** The customer's business-scoped user id (BSUID), the one identity Meta gives for a user who hides their number. */
  from_user_id: z.string().max(140).optional(),
  /** Seconds since the epoch, as text. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string(),
  context: z.object({ id: z.string().max(256).optional(), from: z.string().optional(), forwarded: z.boolean().optional(), frequently_forwarded: z.boolean().optional() }).optional(),
  text: z.object({ body: z.string().max(65_536) }).optional(),
  image: mediaRef.optional(),
  audio: mediaRef.optional(),
  video: mediaRef.optional(),
  document: mediaRef.optional(),
  sticker: mediaRef.optional(),
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().max(500).optional(), address: z.string().max(1000).optional() }).optional(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: z.string().max(500).optional() }).partial().optional(),
        phones: z.array(z.object({ phone: z.string().max(64).optional(), wa_id: z.string().max(32).optional() })).optional(),
      }),
    )
    .optional(),
  reaction: z.object({ message_id: z.string().max(256), emoji: z.string().max(32).optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string().max(256), title: z.string().max(256) }).optional(),
      list_reply: z.object({ id: z.string().max(256), title: z.string().max(256), description: z.string().max(1000).optional() }).optional(),
    })
    .optional(),
  /** A template's quick-reply button. */
  button: z.object({ payload: z.string().max(1000).optional(), text: z.string().max(256) }).optional(),
});
export type CloudInboundMessage = z.infer<typeof cloudInboundMessage>;

export const cloudStatus = z.object({
  id: z.string().min(1).max(256),
  status: z.enum(["sent", "delivered", "read", "failed", "deleted", "played"]),
  timestamp: z.string().regex(/^\d{1,12}$/),
  /** The number, or the business-scoped user id, the message went to. */
  recipient_id: z.string().max(140).optional(),
  errors: z
    .array(z.object({ code: z.number(), title: z.string().max(500).optional(), message: z.string().max(1000).optional(), error_data: z.object({ details: z.string().max(2000).optional() }).optional() }))
    .optional(),
});
export type CloudStatus = z.infer<typeof cloudStatus>;

/** The value of a `messages` change: the number it came to, who wrote, what they wrote, and what became of ours. */
export const cloudMessagesValue = z.object({
  messaging_product: z.literal("whatsapp").optional(),
  metadata: z.object({ phone_number_id: z.string().min(1).max(64), display_phone_number: z.string().max(32).optional() }),
  /** Who wrote: `wa_id` when Meta shares the number, `user_id` (the business-scoped id) always, `username` where set. */
  contacts: z
    .array(
      z.object({
        wa_id: z.string().max(32).optional(),
        user_id: z.string().max(140).optional(),
        profile: z.object({ name: z.string().max(200).optional(), username: z.string().max(100).optional() }).optional(),
      }),
    )
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
export type CloudMessagesValue = z.infer<typeof cloudMessagesValue>;

/** The value of a `message_template_status_update` change (the entry's id is the business account's). */
export const cloudTemplateStatusValue = z.object({
  event: z.string().min(1).max(64),
  message_template_id: z.union([z.string(), z.number()]).transform(String),
  message_template_name: z.string().max(512).optional(),
  message_template_language: z.string().max(16).optional(),
  reason: z.string().max(1000).nullish(),
});

/** GET handshake query (`hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`). */
export const cloudHandshake = z.object({
  "hub.mode": z.literal("subscribe"),
  "hub.verify_token": z.string().min(1).max(512),
  "hub.challenge": z.string().min(1).max(512),
});

/**
 * A webhook delivery as the edge queues it for the consumer: its verified body (or a piece of it, when it was too big
 * for one queue message: see domain/cloud/deliveryPieces), and the route it came in by (a
 * company's own app's callback path, or null for the platform's app): only numbers on that route are taken from it.
 */
export const cloudWebhookJob = z.object({
  kind: z.literal("cloudWebhook"),
  routeKey: z.string().nullable(),
  body: z.string(),
  /** A piece of a delivery too big for a queue message, kept in R2 under the platform's prefix (body is then empty). */
  spilledKey: z
    .string()
    .regex(/^platform\/cloud-webhooks\/[0-9a-f-]{36}\.json$/)
    .optional(),
  receivedAt: z.number().int(),
});
export type CloudWebhookJob = z.infer<typeof cloudWebhookJob>;
