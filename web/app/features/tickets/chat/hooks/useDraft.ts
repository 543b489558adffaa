import { useCallback, useEffect, useState } from "react";
import { hasHydrated } from "../../../../lib/hydrated";
import { storage } from "../../../../lib/storage";

/** Where a ticket's unsent text waits: per user (a shared computer) and per ticket. */
export const draftKey = (userId: number, ticketUuid: string) => `tickets:draft:${userId}:${ticketUuid}`;

/**
 * The composer's text, kept in localStorage as it is typed, so switching tickets or reloading the page does
 * not lose a half-written message. An empty text (after a send) removes it.
 */
export function useDraft(key: string) {
  // A server-rendered chat hydrates with no draft (as the server rendered it) and reads it right after.
  const [readAtFirst] = useState(hasHydrated);
  const [text, setTextState] = useState(() => (readAtFirst ? (storage.get(key) ?? "") : ""));
  useEffect(() => {
    if (!readAtFirst) setTextState(storage.get(key) ?? "");
  }, [readAtFirst, key]);
  const setText = useCallback(
    (next: string | ((current: string) => string)) =>
      setTextState((current) => {
        const value = typeof next === "function" ? next(current) : next;
        // Idempotent, so a repeated updater (React's strict mode) does no harm.
        if (value) storage.set(key, value);
        else storage.remove(key);
        return value;
      }),
    [key],
  );
  return [text, setText] as const;
}
