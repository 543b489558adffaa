import { useEffect, useSyncExternalStore } from "react";
import { realtime } from "../../lib/realtime";
import { dismiss, listActive, markRead, type ActiveAnnouncement } from "./api";

/**
 * The active announcements for the user's company, with this user's read and dismissed marks: read when the
 * socket opens (and after a reconnect), and again when a `company-announcement` event arrives (the fan-out's
 * delivery, ADR 0029).
 */
class AnnouncementStore {
  private state: { ready: boolean; records: ActiveAnnouncement[] } = { ready: false, records: [] };
  private listeners = new Set<() => void>();
  private users = 0;
  private stop: (() => void) | null = null;

  get = () => this.state;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private set(records: ActiveAnnouncement[]) {
    this.state = { ready: true, records };
    for (const l of this.listeners) l();
  }

  start(): () => void {
    this.users++;
    if (this.users === 1) {
      const offs = [
        realtime.onState((state) => {
          if (state === "open") void this.load();
        }),
        realtime.subscribe("company-announcement", () => void this.load()),
      ];
      this.stop = () => offs.forEach((off) => off());
    }
    return () => {
      this.users--;
      if (this.users === 0) this.stop?.();
    };
  }

  async load() {
    try {
      this.set((await listActive()).records);
    } catch {
      // kept: the next event or reconnect asks again
    }
  }

  read(id: number) {
    this.set(this.state.records.map((r) => (r.id === id ? { ...r, read: true } : r)));
    void markRead(id).catch(() => undefined);
  }

  dismiss(id: number) {
    this.set(this.state.records.map((r) => (r.id === id ? { ...r, read: true, dismissed: true } : r)));
    void dismiss(id).catch(() => undefined);
  }
}

export const announcementStore = new AnnouncementStore();

export function useAnnouncementsRunning() {
  useEffect(() => announcementStore.start(), []);
}

export function useAnnouncements() {
  return useSyncExternalStore(announcementStore.subscribe, announcementStore.get, announcementStore.get);
}
