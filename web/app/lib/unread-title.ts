import { useEffect, useRef, useState } from "react";
import { api } from "./api";
import { realtime, useRealtimeEvent } from "./realtime";

/** Ticket events come in bursts: the count is asked for again at most once a second. */
const REFRESH_AFTER_MS = 1000;
const PREFIX = /^\(\d+\) /;

/** "(3) Atendimentos · ZapDesk": the page's title with the number of unread tickets in front. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(PREFIX, "");
  return count > 0 ? `(${count}) ${base}` : base;
}

/**
 * The browser tab shows how many tickets wait to be read (GET /api/tickets/unread), on every page of the app,
 * kept current by ticket events. Pages set their own titles; the count is put back in front whenever they do.
 */
export function useUnreadTitle() {
  const [count, setCount] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = () =>
    api<{ count: number }>("/tickets/unread")
      .then((body) => setCount(body.count))
      .catch(() => undefined);
  const refreshSoon = () => {
    pending.current ??= setTimeout(() => {
      pending.current = null;
      void load();
    }, REFRESH_AFTER_MS);
  };

  // On start and after every reconnect (events may have been missed meanwhile).
  useEffect(() => {
    const stop = realtime.onState((state) => {
      if (state === "open") void load();
    });
    return () => {
      stop();
      if (pending.current) clearTimeout(pending.current);
    };
  }, []);
  useRealtimeEvent("ticket", refreshSoon);

  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [count]);
}
