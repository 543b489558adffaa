import { useEffect, useSyncExternalStore } from "react";
import { claimOfflineData, keepThisPageOffline } from "../../lib/offline";
import { flushOutbox, readOutbox, subscribeOutbox, type PendingSend } from "./outbox";

/** While sends wait and the browser says it is online (the server was unreachable), they are tried again this often. */
const RETRY_MS = 15_000;

/**
 * The signed-in shell's part of working offline (issue 29): this user's offline data replaces another's, the page
 * and its files are handed to the service worker to keep, and the outbox is sent when the network returns.
 */
export function useOfflineSupport(userId: number) {
  useEffect(() => {
    let cancelled = false;
    void claimOfflineData(userId).then(() => {
      if (!cancelled) void keepThisPageOffline().catch(() => undefined);
    });
    const flush = () => void flushOutbox(userId);
    flush();
    window.addEventListener("online", flush);
    const timer = setInterval(() => {
      if (navigator.onLine && readOutbox(userId).some((p) => !p.failed)) flush();
    }, RETRY_MS);
    return () => {
      cancelled = true;
      window.removeEventListener("online", flush);
      clearInterval(timer);
    };
  }, [userId]);
}

const NONE: PendingSend[] = [];

/** The sends of this ticket that the server has not confirmed, oldest first. */
export function usePendingSends(userId: number, ticketId: number): PendingSend[] {
  const all = useSyncExternalStore(
    subscribeOutbox,
    () => readOutbox(userId),
    () => NONE,
  );
  return all.filter((p) => p.ticketId === ticketId);
}
