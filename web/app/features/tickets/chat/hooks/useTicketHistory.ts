import { useEffect, useState } from "react";
import { toastError } from "../../../../lib/errors";
import { getTracking } from "../api";
import type { ChatTicket, TicketRating, TrackingEntry } from "../types";

/** What the ticket went through (newest first) and how the contact rated it. */
export interface TicketHistory {
  entries: TrackingEntry[];
  ratings: TicketRating[];
}

/**
 * The ticket's history (accepted, transferred, resolved, reopened…) and its ratings, read again whenever its
 * status, owner or queue changes: the conversation shows the entries as system lines and the drawer both as a list.
 */
export function useTicketHistory(ticket: Pick<ChatTicket, "id" | "status" | "userId" | "queueId">): TicketHistory | null {
  const [history, setHistory] = useState<TicketHistory | null>(null);
  const version = `${ticket.status}-${ticket.userId}-${ticket.queueId}`;
  useEffect(() => {
    const controller = new AbortController();
    getTracking(ticket.id, controller.signal)
      .then((r) => setHistory({ entries: r.history, ratings: r.ratings ?? [] }))
      .catch((err) => {
        if (controller.signal.aborted) return;
        setHistory((current) => current ?? { entries: [], ratings: [] });
        toastError(err);
      });
    return () => controller.abort();
  }, [ticket.id, version]);
  return history;
}
