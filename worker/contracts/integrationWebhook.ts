import { z } from "zod";
import { platformId } from "./ids";

/**
 * The documented exchange with n8n and webhook integrations (ADR 0032). We POST `IntegrationEvent` for each of
 * the contact's messages on a ticket the integration has; the receiver may answer with messages to send and
 * commands, carried out in order. An empty or non-JSON answer does nothing (the integration keeps the ticket).
 */
export interface IntegrationEvent {
  event: "message";
  version: 1;
  companyId: number;
  integration: { id: number; name: string; type: "n8n" | "webhook" };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: number; wid: string | null; body: string; mediaType: string; createdAt: string };
}

const command = z.discriminatedUnion("type", [
  /** To a queue (by id or name); without one, the ticket's own. The ticket then waits for an agent. */
  z.object({ type: z.literal("transfer"), queueId: platformId().optional(), queue: z.string().max(100).optional() }),
  z.object({ type: z.literal("close") }),
  /** A tag by name, which must exist. */
  z.object({ type: z.literal("tag"), tag: z.string().min(1).max(100) }),
  z.object({ type: z.literal("note"), note: z.string().min(1).max(5000) }),
  /** The integration lets the ticket go: it waits for an agent in its queue. */
  z.object({ type: z.literal("end") }),
]);

export const integrationReply = z.object({
  messages: z.array(z.object({ body: z.string().min(1).max(4096) })).max(10).default([]),
  actions: z.array(command).max(10).default([]),
});
export type IntegrationReply = z.infer<typeof integrationReply>;
export type IntegrationCommand = z.infer<typeof command>;
