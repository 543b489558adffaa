import { useEffect, useSyncExternalStore } from "react";
import type { NotificationsView } from "../../../../worker/contracts/notifications";
import { api } from "../../lib/api";
import { realtime } from "../../lib/realtime";

/** Ticket events come in bursts: the list is asked for again at most once a second. */
const REFRESH_AFTER_MS = 1000;

/**
 * What the bell shows (GET /api/notifications), for the bell and the tab's title: read when the socket opens (and
 * after every reconnect), and again shortly after any ticket event, a chat message that mentions the user, or the
 * user reading a chat.
 */
class NotificationStore {
  private state: NotificationsView & { ready: boolean } = { count: 0, records: [], ready: false };
  private listeners = new Set<() => void>();
  private users = 0;
  private stop: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  get = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(userId: number): () => void {
    this.users++;
    if (this.users === 1) {
      const offs = [
        realtime.onState((state) => {
          if (state === "open") void this.load();
        }),
        realtime.subscribe("ticket", () => this.refreshSoon()),
        // A Cloud API connection's token expired or was replaced (admins' bell).
        realtime.subscribe("whatsappSession", () => this.refreshSoon()),
        realtime.subscribe("chat", (event) => {
          if (event.action === "new-message" && event.message.mentions.includes(userId)) this.refreshSoon();
          if (event.action === "read" && event.userId === userId) this.refreshSoon();
          if (event.action === "delete") this.refreshSoon();
        }),
      ];
      this.stop = () => offs.forEach((off) => off());
    }
    return () => {
      this.users--;
      if (this.users === 0) {
        this.stop?.();
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
      }
    };
  }

  refreshSoon() {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.load();
    }, REFRESH_AFTER_MS);
  }

  async load() {
    try {
      const view = await api<NotificationsView>("/notifications");
      this.state = { ...view, ready: true };
      for (const l of this.listeners) l();
    } catch {
      // kept as it was: the next event or reconnect asks again
    }
  }
}

export const notificationStore = new NotificationStore();

export function useNotificationsRunning(userId: number) {
  useEffect(() => notificationStore.start(userId), [userId]);
}

export function useNotifications() {
  return useSyncExternalStore(notificationStore.subscribe, notificationStore.get, notificationStore.get);
}
