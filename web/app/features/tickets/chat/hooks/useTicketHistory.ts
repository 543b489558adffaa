import { useEffect, useState } from "react";
import { toastError } from "../../../../lib/errors";
import { getTracking } from "../api";
import type { ChatTicket, TrackingEntry } from "../types";

/**
 * The ticket's history (accepted, transferred, resolved, reopened…), newest first, read again whenever its
 * status, owner or queue changes: the conversation shows it as system lines and the drawer as a list.
 */
export function useTicketHistory(ticket: Pick<ChatTicket, "id" | "status" | "userId" | "queueId">): TrackingEntry[] | null {
  const [history, setHistory] = useState<TrackingEntry[] | null>(null);
  const version = `${ticket.status}-${ticket.userId}-${ticket.queueId}`;
  useEffect(() => {
    const controller = new AbortController();
    getTracking(ticket.id, controller.signal)
      .then((r) => setHistory(r.history))
      .catch((err) => {
        if (controller.signal.aborted) return;
        setHistory((current) => current ?? []);
        toastError(err);
      });
    return () => controller.abort();
  }, [ticket.id, version]);
  return history;
}
