import type { OpenTicketConflict, TransferRequestInput, TransferRequestResult } from "../../../../../worker/contracts/tickets";
import { HUB_MARK_HEADER } from "../../../../../worker/contracts/wsProtocol";
import { api, ApiError } from "../../../lib/api";
import { conflictOutcome } from "../list/newTicket";
import type {
  ConnectionRef,
  ContactPick,
  ListTicket,
  PreviewMessage,
  QueueRef,
  TagRef,
  TicketsPage,
  UserRef,
} from "./types";

/** The tickets API as the inbox calls it (worker/api/routes/tickets.ts and the lookups it needs). */

export interface ListTicketsParams {
  status?: "open" | "pending" | "closed" | "group";
  searchParam?: string;
  pageNumber: number;
  tags?: number[];
  users?: number[];
  queueIds?: number[];
  showAll?: boolean;
  withUnreadMessages?: boolean;
}

/** Id lists travel as JSON arrays (`tags=[1,2]`), as the API reads them. */
const ids = (list?: number[]) => (list && list.length > 0 ? JSON.stringify(list) : undefined);

/** The query string of GET /api/tickets for a page of a list (the browser's and the server's read alike). */
export function ticketsQuery(params: ListTicketsParams): Record<string, string | number | undefined> {
  return {
    status: params.status,
    searchParam: params.searchParam,
    pageNumber: params.pageNumber,
    tags: ids(params.tags),
    users: ids(params.users),
    queueIds: ids(params.queueIds),
    showAll: params.showAll === undefined ? undefined : String(params.showAll),
    withUnreadMessages: params.withUnreadMessages ? "true" : undefined,
  };
}

/** A page of tickets, with the hub's publish mark at its read (HUB_MARK_HEADER) when the server gave one. */
export async function listTickets(params: ListTicketsParams, signal?: AbortSignal): Promise<TicketsPage & { mark: string | null }> {
  let mark: string | null = null;
  const page = await api<TicketsPage>("/tickets", {
    signal,
    onHeaders: (headers) => (mark = headers.get(HUB_MARK_HEADER)),
    query: ticketsQuery(params),
  });
  return { ...page, mark };
}

export function createTicket(input: { contactId: number; queueId: number | null; whatsappId?: number | null; userId?: number | null }) {
  return api<ListTicket>("/tickets", { method: "POST", body: { ...input, status: "open" } });
}

/** Accept: pending (or someone's open) becomes open for the caller. */
export function acceptTicket(id: number) {
  return api<ListTicket>(`/tickets/${id}`, { method: "PUT", body: { status: "open" } });
}

/** Close from the list: same user and queue (spec: justClose). */
export function closeTicket(id: number) {
  return api<ListTicket>(`/tickets/${id}`, { method: "PUT", body: { status: "closed", justClose: true } });
}

/** Admin: how many tickets of the status (of the queues; none: all) "close all" would close, and closing them. */
export function countCloseAll(status: "open" | "pending", queueIds: number[]) {
  return api<{ count: number }>("/tickets/closeAll", { query: { status, selectedQueueIds: ids(queueIds) } });
}

export function closeAllTickets(status: "open" | "pending", queueIds: number[]) {
  return api<{ count: number }>("/tickets/closeAll", { method: "POST", body: { status, selectedQueueIds: queueIds } });
}

/** The newest page of a ticket's messages. Careful: the owner reading it clears the unread badge. */
export function listMessages(ticketId: number, signal?: AbortSignal) {
  return api<{ messages: PreviewMessage[]; hasMore: boolean }>(`/messages/${ticketId}`, { query: { pageNumber: 1 }, signal });
}

export const listQueues = () => api<QueueRef[]>("/queue");
export const listTags = () => api<TagRef[]>("/tags/list");
export const listCompanyUsers = () => api<UserRef[]>("/users/list");
export const listConnections = () => api<ConnectionRef[]>("/whatsapp");
export const searchContacts = (searchParam: string, signal?: AbortSignal) =>
  api<ContactPick[]>("/contacts/list", { query: { searchParam }, signal });

/** What an ERR_OTHER_OPEN_TICKET answer says about the contact's live ticket (its typed detail), if that is the error. */
export function openTicketConflictOf(err: unknown): OpenTicketConflict | null {
  return err instanceof ApiError ? err.openTicket : null;
}

/** Ask whoever holds the contact's live ticket to hand it over (POST /tickets/transferRequest). */
export function requestTicketTransfer(input: TransferRequestInput) {
  return api<TransferRequestResult>("/tickets/transferRequest", { method: "POST", body: input });
}

/**
 * A create refused because the contact already has an open ticket: the agent is taken to it when they may answer it,
 * else told who holds it. Answers whether the error was that refusal (the caller reports any other).
 */
export function followOpenTicketConflict(err: unknown, me: number, on: { open: (uuid: string) => void; held: (conflict: OpenTicketConflict) => void }): boolean {
  const conflict = openTicketConflictOf(err);
  if (!conflict) return false;
  const outcome = conflictOutcome(conflict, me);
  if (outcome.kind === "open") on.open(outcome.uuid);
  else on.held(conflict);
  return true;
}
