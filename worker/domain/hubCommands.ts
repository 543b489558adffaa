import type { Ctx } from "../domain/context";
import { createTicket } from "../domain/tickets/createTicket";
import { deleteTicket } from "../domain/tickets/deleteTicket";
import { updateTicket } from "../domain/tickets/updateTicket";
import { closeAllTickets, releaseUserTickets } from "../domain/tickets/bulkTransitions";
import { forwardMessage } from "../domain/messages/forwardMessage";
import { markTicketRead } from "../domain/messages/markTicketRead";
import { reactToMessage } from "../domain/messages/reactToMessage";
import { sendMessage } from "../domain/messages/sendMessage";

/**
 * Verbs that change a ticket's status, owner or queue (and later, inbound ingestion). They run only inside the
 * company's CompanyHub, one at a time; routes reach them through `runInHub`.
 */
export const hubCommands = {
  createTicket,
  updateTicket,
  deleteTicket,
  sendMessage,
  reactToMessage,
  forwardMessage,
  markTicketRead,
  closeAllTickets,
  releaseUserTickets,
} satisfies Record<string, (args: { ctx: Ctx; input: never }) => Promise<unknown>>;

export type HubCommandName = keyof typeof hubCommands;
export type HubCommandInput<N extends HubCommandName> = Parameters<(typeof hubCommands)[N]>[0]["input"];
export type HubCommandOutput<N extends HubCommandName> = Awaited<ReturnType<(typeof hubCommands)[N]>>;

/** Domain errors cross the RPC boundary as data (an Error's class does not survive it). */
export type CommandEnvelope =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };
