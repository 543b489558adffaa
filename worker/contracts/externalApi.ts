import { z } from "zod";
import { MAX_MESSAGE_BODY } from "./messages";
import { REQUIRED, tooLongAt } from "./fieldMessages";
import type { MessageAck, StoredMedia } from "./views/message";
import type { TicketStatus } from "./views/ticket";

/** 60 sends a minute per connection token (fixed window, shared by every client that holds the token). */
export const EXTERNAL_API_RATE_LIMIT = { max: 60, windowSeconds: 60 };

/** Idempotency keys are opaque strings chosen by the client (a UUID fits), kept 24 hours per connection. */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The body of POST /api/messages/send, as JSON or as multipart fields (files in `medias`). The number is read
 * as people type it (digits, spaces, + ( ) - .); the domain normalises it. Integrators often send it as a JSON
 * number, so that is accepted too. `body` may be empty only when files are attached (checked by the route).
 */
export const externalSendInput = z.object({
  number: z
    .union([z.string(), z.number().int().nonnegative().transform(String)], { error: REQUIRED })
    .pipe(
      z
        .string()
        .trim()
        .min(1, REQUIRED)
        .max(30, tooLongAt(30))
        .regex(/^[\d\s()+.-]+$/, "Only digits: country code + area code + number"),
    ),
  body: z.string({ error: "Expected text" }).max(MAX_MESSAGE_BODY, tooLongAt(MAX_MESSAGE_BODY)).default(""),
  closeTicket: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")], {
      error: "Expected true or false",
    })
    .default(false),
});
export type ExternalSendInput = z.infer<typeof externalSendInput>;

// What the hub runs for a send, and what it answers (the route's 200 body).

/** A send, as the route hands it to the company's hub (hubPort.sendExternal). */
export interface ExternalSendCommand {
  whatsappId: number;
  /** Already normalised and confirmed on WhatsApp by the connection. */
  number: string;
  body: string;
  media: StoredMedia[];
  closeTicket: boolean;
}

export interface ExternalSendResult {
  contact: { id: number; name: string; number: string };
  ticket: { id: number; uuid: string; status: TicketStatus; createdNow: boolean };
  messages: { id: number; body: string; mediaType: string; mediaName: string | null; ack: MessageAck; createdAt: Date }[];
}
