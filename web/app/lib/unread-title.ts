import { useEffect } from "react";
import { useNotifications, useNotificationsRunning } from "../features/notifications/store";

const PREFIX = /^\(\d+\) /;

/** "(3) Atendimentos · ZapDesk": the page's title with the number of unread tickets in front. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(PREFIX, "");
  return count > 0 ? `(${count}) ${base}` : base;
}

/**
 * The browser tab shows the bell's count (what waits for the user: GET /api/notifications), on every page of the
 * app, kept current by the bell's store. Pages set their own titles; the count is put back in front whenever they do.
 */
export function useUnreadTitle(userId: number) {
  useNotificationsRunning(userId);
  const { count } = useNotifications();

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
