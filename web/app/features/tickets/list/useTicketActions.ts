import { useNavigate } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { acceptTicket, closeTicket, openTicketConflictOf } from "../shared/api";
import type { ListTicket } from "../shared/types";
import type { TicketFeed } from "./useTicketFeed";

/**
 * The row actions: accept (then open the chat), close with a confirmation, preview. A change made here is
 * applied to the lists at once; the websocket's echo of it changes nothing more.
 */
export function useTicketActions(feed: TicketFeed, onAccepted: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [acceptingId, setAcceptingId] = useState<number | null>(null);
  const [closing, setClosing] = useState<ListTicket | null>(null);
  const [previewing, setPreviewing] = useState<ListTicket | null>(null);

  const accept = useCallback(
    async (ticket: ListTicket) => {
      setAcceptingId(ticket.id);
      try {
        const updated = await acceptTicket(ticket.id);
        feed.apply(updated);
        toast.success(t("tickets.toasts.accepted"));
        setPreviewing(null);
        onAccepted();
        navigate(`/tickets/${updated.uuid}`);
      } catch (err) {
        // A colleague got it first: say who (spec: ERR_OTHER_OPEN_TICKET names the owner).
        const conflict = openTicketConflictOf(err);
        if (conflict) {
          toast.error(conflict.holder.user ? t("tickets.toasts.takenBy", { name: conflict.holder.user.name }) : t("tickets.toasts.takenBySomeone"));
        } else toastError(err);
      } finally {
        setAcceptingId(null);
      }
    },
    [feed, navigate, t, onAccepted],
  );

  const confirmClose = useCallback(async () => {
    if (!closing) return;
    try {
      const updated = await closeTicket(closing.id);
      feed.apply(updated);
      toast.success(t("tickets.toasts.closed"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  }, [closing, feed, t]);

  return {
    acceptingId,
    accept,
    closing,
    askClose: setClosing,
    cancelClose: () => setClosing(null),
    confirmClose,
    previewing,
    preview: setPreviewing,
    endPreview: () => setPreviewing(null),
  };
}
