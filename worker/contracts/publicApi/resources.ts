import { z } from "zod";
import { CONSENT_SOURCES, CONSENT_STATES } from "../consent";

/**
 * The public API's resources (issue 25): the stable shapes integrators read, in answers and in webhook events. They
 * are their own contract, not the UI's views: a field is added here on purpose and never renamed or removed, so the
 * web app's views may change freely. Dates are ISO 8601 strings in UTC. Strict objects: an answer with a field the
 * OpenAPI document does not describe fails the public API's tests. domain/publicApi/present.ts builds them.
 */

const instant = z.iso.datetime().meta({ example: "2026-11-29T12:00:00.000Z" });
const platformId = z.number().int().positive();

export const publicTicketStatus = z.enum(["open", "pending", "closed"]);

/** A message's delivery state, from WhatsApp's acks: pending (not yet sent), sent, delivered, read, played, failed. */
export const publicMessageStatus = z.enum(["pending", "sent", "delivered", "read", "played", "failed"]);
export type PublicMessageStatus = z.infer<typeof publicMessageStatus>;

export const publicContactRef = z.strictObject({ id: platformId, name: z.string(), number: z.string() });

export const publicConsent = z
  .strictObject({
    state: z.enum(CONSENT_STATES),
    at: instant.nullable(),
    how: z.enum(CONSENT_SOURCES).nullable(),
  })
  .meta({ id: "MarketingConsent" });
export type PublicConsent = z.infer<typeof publicConsent>;

export const publicContact = z
  .strictObject({
    id: platformId,
    name: z.string(),
    /** Digits with country code; empty for a user known only by a business-scoped id. */
    number: z.string(),
    email: z.string(),
    isGroup: z.boolean(),
    /** The chatbot does not answer this contact. */
    disableBot: z.boolean(),
    /** The contact's custom fields. */
    extraInfo: z.array(z.strictObject({ name: z.string(), value: z.string() })),
    /**
     * Consent to marketing messages: `unknown` (never recorded), `granted` or `revoked` (campaigns and marketing
     * schedules skip the contact), since `at`, recorded by `how` (imported, chatbot, agent, api, stopWord, cloud131050).
     */
    marketingConsent: publicConsent,
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "Contact" });
export type PublicContact = z.infer<typeof publicContact>;

export const publicTag = z.strictObject({ id: platformId, name: z.string(), color: z.string() }).meta({ id: "Tag" });
export type PublicTag = z.infer<typeof publicTag>;

export const publicTicket = z
  .strictObject({
    id: platformId,
    uuid: z.uuid(),
    status: publicTicketStatus,
    contact: publicContactRef,
    /** The agent who holds it; null while pending. */
    userId: platformId.nullable(),
    queueId: platformId.nullable(),
    connectionId: platformId.nullable(),
    isGroup: z.boolean(),
    lastMessage: z.string(),
    unreadMessages: z.number().int().nonnegative(),
    tags: z.array(publicTag),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "Ticket" });
export type PublicTicket = z.infer<typeof publicTicket>;

export const publicMessage = z
  .strictObject({
    id: platformId,
    ticketId: platformId,
    /** WhatsApp's id of the message; empty until it is sent. */
    wid: z.string(),
    /** true when the company sent it (an agent, the chatbot, a campaign or the API). */
    fromMe: z.boolean(),
    body: z.string(),
    /** "chat" for text; image, audio, video, document, location, vcard… otherwise. */
    mediaType: z.string(),
    mediaName: z.string().nullable(),
    status: publicMessageStatus,
    /** The agent who wrote it: for a send through the API, the admin who made the token; null for the contact and bots. */
    userId: platformId.nullable(),
    sentByBot: z.boolean(),
    quotedMessageId: platformId.nullable(),
    isDeleted: z.boolean(),
    isEdited: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: "Message" });
export type PublicMessage = z.infer<typeof publicMessage>;

export const publicNote = z
  .strictObject({ id: platformId, ticketId: platformId, userId: platformId.nullable(), body: z.string(), createdAt: instant })
  .meta({ id: "Note" });
export type PublicNote = z.infer<typeof publicNote>;

export const publicQueue = z.strictObject({ id: platformId, name: z.string(), color: z.string() }).meta({ id: "Queue" });
export type PublicQueue = z.infer<typeof publicQueue>;

export const publicUser = z
  .strictObject({
    id: platformId,
    name: z.string(),
    email: z.string(),
    profile: z.enum(["admin", "supervisor", "user"]),
    online: z.boolean(),
    queueIds: z.array(platformId),
  })
  .meta({ id: "User" });
export type PublicUser = z.infer<typeof publicUser>;

export const publicConnectionStatus = z.enum(["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);

export const publicConnection = z
  .strictObject({
    id: platformId,
    name: z.string(),
    /** "baileys" for WhatsApp Web, "cloud" for the official API. */
    channel: z.enum(["baileys", "cloud"]),
    status: publicConnectionStatus,
    number: z.string(),
    isDefault: z.boolean(),
  })
  .meta({ id: "Connection" });
export type PublicConnection = z.infer<typeof publicConnection>;

/** A page of a list: `cursor` is passed back as `?cursor=` for the next page; null on the last one. */
export function publicPage<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), cursor: z.string().nullable() });
}
