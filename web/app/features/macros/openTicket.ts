import { useEffect, useSyncExternalStore } from "react";

/** The ticket open in the chat panel, as what runs macros needs it (the command bar lives outside the chat). */
export interface OpenTicket {
  id: number;
  status: string;
}

let current: OpenTicket | null = null;
const listeners = new Set<() => void>();

/** Set by the chat panel while it shows a ticket, and cleared when it closes. */
export function setOpenTicket(ticket: OpenTicket | null) {
  if (current?.id === ticket?.id && current?.status === ticket?.status) return;
  current = ticket;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The ticket open in the chat panel, or null. */
export function useOpenTicket(): OpenTicket | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The chat panel's side: the ticket it shows is the open one while it is mounted. */
export function useOpenTicketShown(ticket: OpenTicket) {
  const { id, status } = ticket;
  useEffect(() => setOpenTicket({ id, status }), [id, status]);
  useEffect(() => () => setOpenTicket(null), []);
}
