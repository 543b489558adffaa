import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { forwardMessage } from "../api";
import { forwardInTurn } from "../rules/forward";
import { selectedInOrder } from "../rules/messages";
import type { ChatMessage, ContactPick } from "../types";
import "../texts";

/** Selection mode and the one-at-a-time sending of the chosen messages to one contact. */
export function useForwarding(messages: ChatMessage[], signMessage: boolean) {
  const { t } = useTranslation();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const start = useCallback((first?: number) => {
    setSelecting(true);
    setSelected(new Set(first ? [first] : []));
  }, []);

  const cancel = useCallback(() => {
    setSelecting(false);
    setSelected(new Set());
    setDialogOpen(false);
  }, []);

  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const openDialog = useCallback(() => {
    if (selected.size === 0) {
      toast.info(t("ticketChat.forward.noMessages"));
      return;
    }
    setDialogOpen(true);
  }, [selected, t]);

  const send = useCallback(
    async (contact: ContactPick) => {
      const ids = selectedInOrder(messages, selected);
      setProgress({ done: 0, total: ids.length });
      try {
        await forwardInTurn(
          ids,
          (messageId) => forwardMessage({ messageId, contactId: contact.id, signMessage }),
          (done, total) => setProgress({ done, total }),
        );
        toast.success(t("ticketChat.forward.done", { count: ids.length, name: contact.name }));
        cancel();
      } catch (err) {
        toastError(err);
      } finally {
        setProgress(null);
      }
    },
    [messages, selected, signMessage, t, cancel],
  );

  return { selecting, selected, dialogOpen, setDialogOpen, progress, start, cancel, toggle, openDialog, send };
}
