import { useEffect, useState } from "react";
import { canOpen } from "./access";
import { api } from "./api";
import { useRealtimeEvent } from "./realtime";
import type { SessionUser } from "./session-user";
import { useChatStoreRunning, useChatUnread } from "../features/chats/store";

/** Spec: the '!' appears after 2 s, so a connection that is just starting does not flash it. */
const CONNECTIONS_BADGE_DELAY_MS = 2000;

export interface MenuBadges {
  connections: boolean;
  chats: boolean;
}

/**
 * The menu's badge slots. Connections: '!' when any session needs attention (anything but CONNECTED), from
 * GET /api/whatsapp and then live from `whatsapp` and `whatsappSession` events; it shows once the state has
 * lasted 2 s and goes away at once. Chats: a dot while any of the user's internal chats has unread messages (the
 * chat store, started here for the whole shell, keeps the counts live).
 */
export function useMenuBadges(user: SessionUser): MenuBadges {
  const allowed = canOpen(user, "connections");
  useChatStoreRunning(user.id, canOpen(user, "chats"));
  const unreadChats = useChatUnread().chats;
  const [statuses, setStatuses] = useState<Map<number, string>>(new Map());
  const [connections, setConnections] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    api<unknown>("/whatsapp", { signal: controller.signal })
      .then((body) => {
        const list: unknown[] = Array.isArray(body) ? body : [];
        const next = new Map<number, string>();
        for (const c of list) {
          const { id, status } = (c ?? {}) as { id?: unknown; status?: unknown };
          if (typeof id === "number" && typeof status === "string") next.set(id, status);
        }
        setStatuses(next);
      })
      .catch(() => {
        // no list: the slot stays empty until events say otherwise
      });
    return () => controller.abort();
  }, [allowed]);

  const track = (id: number, status: string | null) =>
    setStatuses((current) => {
      if (current.get(id) === status) return current;
      const next = new Map(current);
      if (status === null) next.delete(id);
      else next.set(id, status);
      return next;
    });
  useRealtimeEvent("whatsapp", (event) => {
    if (!allowed) return;
    if (event.action === "delete") track(event.whatsappId, null);
    else track(event.whatsapp.id, event.whatsapp.status);
  });
  useRealtimeEvent("whatsappSession", (event) => {
    if (allowed) track(event.session.id, event.session.status);
  });

  const attention = allowed && [...statuses.values()].some((status) => status !== "CONNECTED");
  useEffect(() => {
    if (!attention) {
      setConnections(false);
      return;
    }
    const timer = setTimeout(() => setConnections(true), CONNECTIONS_BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [attention]);

  return { connections, chats: unreadChats > 0 };
}

let versionPromise: Promise<string | null> | null = null;

/** The server's version string, shown at the bottom of the menu (fetched once per tab). */
export function useAppVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    versionPromise ??= api<{ version?: string }>("/version", { auth: false })
      .then((body) => body.version ?? null)
      .catch(() => null);
    let live = true;
    void versionPromise.then((v) => live && setVersion(v));
    return () => {
      live = false;
    };
  }, []);
  return version;
}
