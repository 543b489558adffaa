import { useCallback, useMemo, useRef } from "react";
import { useRealtimeEvent } from "../../../lib/realtime";
import type { ListTicket } from "../shared/types";
import { isNewIncoming } from "./notify";

/**
 * The inbox's one subscription to ticket events, fanned out to every loaded list. It remembers the last
 * version of each ticket it has seen, so a list can tell whether a ticket was in it before a change (and keep
 * its count right), and so a new incoming message can be told apart from any other update.
 */
export type FeedEvent =
  | { type: "ticket"; ticket: ListTicket; before: ListTicket | undefined }
  | { type: "remove"; id: number; before: ListTicket | undefined }
  | { type: "patch"; id: number; patch: Partial<ListTicket> };

export interface TicketFeed {
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /** How far the feed has got: taken when a page is asked for, and handed back to `remember` with the page. */
  position(): number;
  /**
   * Tickets of a page that just loaded, asked for at `askedAt` (a `position()`). A ticket an event changed since
   * then keeps the event's version: the page may have been read before that change.
   */
  remember(tickets: ListTicket[], askedAt: number): void;
  /** A change made from this tab (accept, close, create), applied before the websocket's echo arrives. */
  apply(ticket: ListTicket): void;
}

export function useTicketFeed(onIncoming: (ticket: ListTicket) => void): TicketFeed {
  const listeners = useRef(new Set<(event: FeedEvent) => void>());
  const seen = useRef(new Map<number, ListTicket>());
  /** The feed's position, advanced by every change an event or this tab makes; and where each ticket last changed. */
  const position = useRef(0);
  const changedAt = useRef(new Map<number, number>());
  const touch = useCallback((id: number) => changedAt.current.set(id, ++position.current), []);
  const incoming = useRef(onIncoming);
  incoming.current = onIncoming;

  const emit = useCallback((event: FeedEvent) => {
    for (const listener of listeners.current) listener(event);
  }, []);

  const changed = useCallback(
    (ticket: ListTicket) => {
      const before = seen.current.get(ticket.id);
      seen.current.set(ticket.id, ticket);
      touch(ticket.id);
      emit({ type: "ticket", ticket, before });
      return before;
    },
    [emit, touch],
  );

  useRealtimeEvent("ticket", (event) => {
    if (event.action === "update") {
      // The whole ticket, or (a bulk close or release) only what moved: merged into the ticket this tab holds; one it
      // does not hold is read with its tab.
      const known = seen.current.get(event.ticket.id);
      const normalised: ListTicket | undefined = "contact" in event.ticket ? event.ticket : known && { ...known, ...event.ticket };
      if (!normalised) return;
      const before = changed(normalised);
      if (isNewIncoming(before, normalised, Date.now())) incoming.current(normalised);
    } else if (event.action === "delete") {
      const before = seen.current.get(event.ticketId);
      seen.current.delete(event.ticketId);
      touch(event.ticketId);
      emit({ type: "remove", id: event.ticketId, before });
    } else {
      const before = seen.current.get(event.ticketId);
      if (before) seen.current.set(event.ticketId, { ...before, unreadMessages: 0 });
      touch(event.ticketId);
      emit({ type: "patch", id: event.ticketId, patch: { unreadMessages: 0 } });
    }
  });

  // A renamed or recoloured tag (or a deleted one) changes the chips of every ticket carrying it; the server
  // announces the tag once rather than each of its tickets.
  useRealtimeEvent("tag", (event) => {
    // A new tag is on no ticket yet; the lanes' order is the kanban board's.
    if (event.action === "create" || event.action === "order") return;
    const tagId = event.action === "update" ? event.tag.id : event.tagId;
    for (const ticket of seen.current.values()) {
      if (!ticket.tags.some((tag) => tag.id === tagId)) continue;
      const tags =
        event.action === "update"
          ? ticket.tags.map((tag) => (tag.id === tagId ? { ...tag, name: event.tag.name, color: event.tag.color, kanban: event.tag.kanban } : tag))
          : ticket.tags.filter((tag) => tag.id !== tagId);
      seen.current.set(ticket.id, { ...ticket, tags });
      touch(ticket.id);
      emit({ type: "patch", id: ticket.id, patch: { tags } });
    }
  });

  // A message on a chat this tab has open: the ticket goes to the top even before its own update arrives; the
  // delivery state of our last message there follows its acks (the preview's ticks).
  useRealtimeEvent("appMessage", (event) => {
    if (event.action === "update" && event.message.fromMe) {
      const before = seen.current.get(event.message.ticketId);
      const ack = event.message.ack;
      if (!before || before.lastMessageAck === undefined || before.lastMessageAck === null) return;
      const isLast = typeof event.message.createdAt === "string" && Date.parse(event.message.createdAt) >= Date.parse(before.updatedAt);
      if (!isLast || ack === before.lastMessageAck) return;
      seen.current.set(before.id, { ...before, lastMessageAck: ack });
      touch(before.id);
      emit({ type: "patch", id: before.id, patch: { lastMessageAck: ack } });
      return;
    }
    if (event.action !== "create" || event.message.fromMe) return;
    const before = seen.current.get(event.message.ticketId);
    if (!before || before.status === "closed") return;
    const createdAt = typeof event.message.createdAt === "string" ? event.message.createdAt : new Date().toISOString();
    const ticket: ListTicket = { ...before, lastMessage: event.message.body || before.lastMessage, updatedAt: createdAt, fromMe: false, lastMessageAck: null };
    changed(ticket);
    incoming.current(ticket);
  });

  return useMemo<TicketFeed>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      position() {
        return position.current;
      },
      remember(tickets, askedAt) {
        for (const t of tickets) if ((changedAt.current.get(t.id) ?? -1) <= askedAt) seen.current.set(t.id, t);
      },
      apply(ticket) {
        changed(ticket);
      },
    }),
    [changed],
  );
}
