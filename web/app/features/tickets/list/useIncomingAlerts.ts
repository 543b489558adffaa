import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { storage } from "../../../lib/storage";
import { previewText } from "../shared/textFormat";
import type { ListTicket } from "../shared/types";
import type { Viewer } from "./filters";
import { concernsViewer, NOTIFY_DEDUP_MS } from "./notify";
import { playChime, unlockSound } from "./sound";

const ASKED_KEY = "tickets:notificationsAsked";

const notificationsSupported = () => typeof window !== "undefined" && "Notification" in window;

/**
 * What a new incoming message does besides moving its ticket: a browser notification and the chime — unless
 * the user is looking at that very chat in a focused tab. Permission is asked once, politely (a banner the
 * user answers), never on page load.
 */
export function useIncomingAlerts(viewer: Viewer, openUuid: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lastAlert = useRef(new Map<number, number>());
  const current = useRef({ viewer, openUuid });
  current.current = { viewer, openUuid };
  const [askPermission, setAskPermission] = useState(false);

  useEffect(() => {
    setAskPermission(notificationsSupported() && Notification.permission === "default" && !storage.get(ASKED_KEY));
    const unlock = () => unlockSound();
    window.addEventListener("pointerdown", unlock, { once: true });
    window.addEventListener("keydown", unlock, { once: true });
    return () => {
      window.removeEventListener("pointerdown", unlock);
      window.removeEventListener("keydown", unlock);
    };
  }, []);

  const onIncoming = useCallback(
    (ticket: ListTicket) => {
      const { viewer: who, openUuid: open } = current.current;
      if (!concernsViewer(ticket, who)) return;
      const watching = open === ticket.uuid && document.visibilityState === "visible" && document.hasFocus();
      if (watching) return;
      const now = Date.now();
      if (now - (lastAlert.current.get(ticket.id) ?? 0) < NOTIFY_DEDUP_MS) return;
      lastAlert.current.set(ticket.id, now);
      playChime();
      if (!notificationsSupported() || Notification.permission !== "granted") return;
      try {
        const notification = new Notification(t("tickets.notifications.title", { name: ticket.contact?.name ?? "" }), {
          body: (ticket.lastMessage && previewText(ticket.lastMessage, false)) || t("tickets.notifications.media"),
          icon: ticket.contact?.profilePicUrl || "/favicon.svg",
          tag: `ticket-${ticket.id}`,
        });
        notification.onclick = () => {
          window.focus();
          navigate(`/tickets/${ticket.uuid}`);
          notification.close();
        };
      } catch (err) {
        // Spec: a failed browser notification is only logged.
        console.warn("browser notification failed", err);
      }
    },
    [navigate, t],
  );

  const answerPermission = useCallback(async (enable: boolean) => {
    storage.set(ASKED_KEY, "1");
    setAskPermission(false);
    if (!enable || !notificationsSupported()) return;
    try {
      await Notification.requestPermission();
    } catch (err) {
      console.warn("notification permission request failed", err);
    }
  }, []);

  return { onIncoming, askPermission, answerPermission };
}
