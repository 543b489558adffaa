import { useEffect, useState } from "react";
import { canOpen } from "./access";
import { api } from "./api";
import type { SessionUser } from "./session-user";

/** Connection statuses that need an admin's attention (spec: badge '!' on the Connections item). */
const ALERT_STATUSES = new Set(["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);
/** Spec: the '!' appears after 2 s, so a connection that is just starting does not flash it. */
const CONNECTIONS_BADGE_DELAY_MS = 2000;

export interface MenuBadges {
  connections: boolean;
  chats: boolean;
}

/**
 * The menu's badge slots. Connections come from GET /api/whatsapp once it exists (until then: no badge);
 * unread internal chats arrive with the chats feature.
 */
export function useMenuBadges(user: SessionUser): MenuBadges {
  const [connections, setConnections] = useState(false);
  const allowed = canOpen(user, "connections");
  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    api<unknown>("/whatsapp", { signal: controller.signal })
      .then((body) => {
        const list: unknown[] = Array.isArray(body) ? body : [];
        const needsAttention = list.some(
          (c) => !!c && typeof c === "object" && ALERT_STATUSES.has(String((c as { status?: unknown }).status)),
        );
        if (needsAttention) timer = setTimeout(() => setConnections(true), CONNECTIONS_BADGE_DELAY_MS);
      })
      .catch(() => {
        // connections are not available yet: the slot stays empty
      });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [allowed]);
  return { connections, chats: false };
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
