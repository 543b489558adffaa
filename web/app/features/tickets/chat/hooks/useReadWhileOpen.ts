import { useEffect } from "react";
import { markTicketRead } from "../api";
import type { ChatTicket } from "../types";

/**
 * What arrives while the owner has the chat open in view is read: the ticket's unread count goes back to 0 at
 * once (the server tells the lists). In a hidden tab nothing is read until the tab is looked at again.
 */
export function useReadWhileOpen(ticket: Pick<ChatTicket, "id" | "userId" | "unreadMessages">, userId: number) {
  const mine = ticket.userId === userId;
  const unread = ticket.unreadMessages > 0;
  useEffect(() => {
    if (!mine || !unread) return;
    const read = () => {
      if (document.visibilityState === "visible") markTicketRead(ticket.id).catch(() => undefined);
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [mine, unread, ticket.id]);
}
