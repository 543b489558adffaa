import { useNavigate } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import type { TicketCommand } from "../header/TicketActionsBar";
import { deleteTicket, updateTicket } from "../api";
import { transitions } from "../rules/ticketActions";
import type { ChatTicket } from "../types";
import "../texts";

/**
 * The header's commands. Resolving clears the selection (onClose); transfer and delete open their dialogs;
 * a finished transfer goes to /tickets (spec 000 section 4).
 */
export function useTicketCommands(ticket: ChatTicket, replace: (ticket: ChatTicket) => void, onClose: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<TicketCommand | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const run = useCallback(
    async (command: TicketCommand) => {
      if (command === "transfer") return setTransferOpen(true);
      if (command === "delete") return setDeleteOpen(true);
      setBusy(command);
      try {
        const updated = await updateTicket(ticket.id, transitions[command]());
        if (command === "resolve") {
          toast.success(t("ticketChat.actions.resolved"));
          onClose();
          return;
        }
        replace(updated);
      } catch (err) {
        toastError(err);
      } finally {
        setBusy(null);
      }
    },
    [ticket.id, replace, onClose, t],
  );

  const transferred = useCallback(() => {
    setTransferOpen(false);
    toast.success(t("ticketChat.transfer.done"));
    navigate("/tickets");
  }, [navigate, t]);

  const confirmDelete = useCallback(async () => {
    try {
      await deleteTicket(ticket.id);
      toast.success(t("ticketChat.actions.deleted"));
      onClose();
    } catch (err) {
      toastError(err);
      throw err;
    }
  }, [ticket.id, onClose, t]);

  return { busy, run, transferOpen, setTransferOpen, transferred, deleteOpen, setDeleteOpen, confirmDelete };
}
