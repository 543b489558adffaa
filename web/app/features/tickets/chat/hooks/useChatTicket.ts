import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../../lib/api-error";
import { toastError } from "../../../../lib/errors";
import { useRealtimeEvent } from "../../../../lib/realtime";
import { toast } from "../../../../lib/toast";
import { getTicketByUuid } from "../api";
import type { ChatTicket } from "../types";
import "../texts";

/**
 * The open ticket, kept current by realtime (ticket update/delete/updateUnread, contact update). A ticket of another queue
 * says 'Acesso não permitido' and a missing one says so; both go back to /tickets.
 */
export function useChatTicket(uuid: string, onClose: () => void, seed?: ChatTicket | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<ChatTicket | null>(seed && seed.uuid === uuid ? seed : null);
  // The server's read of this ticket (the page's first render) stands: the messages' reads keep it current.
  const seeded = useRef(seed?.uuid === uuid ? uuid : null);

  useEffect(() => {
    if (seeded.current === uuid) {
      seeded.current = null;
      return;
    }
    const controller = new AbortController();
    setTicket(null);
    getTicketByUuid(uuid, controller.signal)
      .then(setTicket)
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 403 && !err.handled) toast.error(t("ticketChat.errors.accessDenied"));
        else toastError(err);
        navigate("/tickets");
      });
    return () => controller.abort();
  }, [uuid, navigate, t]);

  useRealtimeEvent("ticket", (event) => {
    if (!ticket) return;
    if (event.action === "update" && event.ticket.id === ticket.id) {
      const changes = event.ticket;
      setTicket((current) => (current ? { ...current, ...changes } : current));
    } else if (event.action === "delete" && event.ticketId === ticket.id) {
      toast.info(t("ticketChat.ticketDeleted"));
      onClose();
    } else if (event.action === "updateUnread" && event.ticketId === ticket.id) {
      setTicket((current) => (current ? { ...current, unreadMessages: 0 } : current));
    }
  });

  useRealtimeEvent("contact", (event) => {
    if (event.action !== "update") return;
    setTicket((current) =>
      current && current.contact.id === event.contact.id
        ? { ...current, contact: { ...current.contact, ...event.contact } }
        : current,
    );
  });

  const replace = useCallback((next: ChatTicket) => setTicket((current) => (current ? { ...current, ...next } : next)), []);
  return { ticket, replace };
}
