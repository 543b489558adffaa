import type { AppLoadContext } from "@remix-run/cloudflare";
import { HUB_MARK_HEADER } from "../../../../worker/contracts/wsProtocol";
import { serverGet } from "../../lib/api.server";
import type { PageSession } from "../../lib/session.server";
import type { ChatTicket, MessagesPage } from "./chat/types";
import { queryFor } from "./list/filters";
import { defaultListFilter, listSeedKey, SEEDED_LISTS, type ChatSeed, type InboxSeed, type ListSeed } from "./seed";
import { ticketsQuery } from "./shared/api";
import type { TicketsPage } from "./shared/types";

type Session = Pick<PageSession, "user" | "accessToken">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ticket a /tickets/{uuid} request opens, if it names one. */
function uuidOf(request: Request): string | null {
  const match = /^\/tickets\/([^/]+)\/?$/.exec(new URL(request.url).pathname);
  const uuid = match?.[1] ? decodeURIComponent(match[1]) : null;
  return uuid && UUID.test(uuid) ? uuid : null;
}

/**
 * The open chat of /tickets/{uuid}: the ticket and its newest page of messages, read as the chat reads them
 * (GET /api/tickets/u/{uuid}, then GET /api/messages/{id}, which marks the owner's unread messages read). Read once
 * per request: the chat's loader shows it, and the lists' loader waits for it, so that the lists are read after
 * that read-marking and show its result. Null when there is nothing to show (the browser then asks, and says why).
 */
const chatReads = new WeakMap<AppLoadContext, Promise<ChatSeed | null>>();

export function chatSeed(request: Request, context: AppLoadContext, session: Session): Promise<ChatSeed | null> {
  let pending = chatReads.get(context);
  if (!pending) {
    pending = readChat(request, context, session);
    chatReads.set(context, pending);
  }
  return pending;
}

async function readChat(request: Request, context: AppLoadContext, session: Session): Promise<ChatSeed | null> {
  const uuid = uuidOf(request);
  if (!uuid) return null;
  const ticket = await serverGet<ChatTicket>(request, context, session, `/tickets/u/${uuid}`);
  if (!ticket) return null;
  const messages = await serverGet<MessagesPage>(request, context, session, `/messages/${ticket.body.id}`, { pageNumber: 1 });
  if (!messages) return null;
  // The messages' page carries the ticket as it was at that later read (its unread count cleared).
  return {
    uuid,
    ticket: { ...ticket.body, ...messages.body.ticket },
    messages: messages.body,
    mark: messages.headers.get(HUB_MARK_HEADER),
  };
}

/** The first page of each list the inbox shows first, read as the lists read them (GET /api/tickets). */
export async function inboxSeed(request: Request, context: AppLoadContext, session: Session): Promise<InboxSeed> {
  await chatSeed(request, context, session);
  const lists = await Promise.all(
    SEEDED_LISTS.map(async (list): Promise<ListSeed | null> => {
      const filter = defaultListFilter(list);
      const read = await serverGet<TicketsPage>(request, context, session, "/tickets", ticketsQuery(queryFor(filter, 1)));
      return read ? { key: listSeedKey(filter), page: read.body, mark: read.headers.get(HUB_MARK_HEADER) } : null;
    }),
  );
  return { lists: lists.filter((l): l is ListSeed => l !== null), renderedAt: Date.now() };
}
