import { useEffect, useSyncExternalStore } from "react";
import { claimOfflineData, keepThisPageOffline } from "../../lib/offline";
import { isReachable, probeServer, reportUnreachable, subscribeReachable } from "./connectivity";
import { flushOutbox, readOutbox, subscribeOutbox, type PendingSend } from "./outbox";

/** How often a visible tab asks whether the server answers: more often while it does not. */
const PROBE_MS = 30_000;
const PROBE_UNREACHABLE_MS = 5_000;

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
    if (!navigator.onLine) reportUnreachable();
    else flush();
    // The server answers again (or the browser found its network): what waits goes.
    const stopReachable = subscribeReachable(() => {
      if (isReachable()) flush();
    });
    const onOnline = () => void probeServer().then((ok) => ok && flush());
    const onOffline = () => {
      reportUnreachable();
      void probeServer();
    };
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
    let timer: ReturnType<typeof setTimeout>;
    const probeLater = () => {
      timer = setTimeout(async () => {
        if (document.visibilityState === "visible" || readOutbox(userId).some((p) => !p.failed)) await probeServer();
        if (isReachable() && readOutbox(userId).some((p) => !p.failed)) flush();
        if (!cancelled) probeLater();
      }, isReachable() ? PROBE_MS : PROBE_UNREACHABLE_MS);
    };
    void probeServer().then(() => {
      if (!cancelled) probeLater();
    });
    return () => {
      cancelled = true;
      stopReachable();
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", onOffline);
      clearTimeout(timer);
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
