import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { retryCanHelp, templateInstead } from "../../../../../../worker/contracts/sendFailures";
import { toastError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { deleteMessage, reactToMessage, retryMessage } from "../api";
import type { MessageMenuActions } from "../messages/MessageMenu";
import { canEditMessage, isForwardable, isOwnMessage } from "../rules/messages";
import type { ChatMessage } from "../types";
import "../texts";

/** The message menu's actions for each message, and the dialogs they open. */
export function useMessageActions({
  userId,
  canAnswer,
  upsert,
  startForward,
  openTemplate,
}: {
  userId: number;
  canAnswer: boolean;
  upsert: (messages: ChatMessage[]) => void;
  startForward: (id: number) => void;
  /** Opens the template dialog (a Cloud API ticket). */
  openTemplate?: () => void;
}) {
  const { t } = useTranslation();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [reactingTo, setReactingTo] = useState<ChatMessage | null>(null);

  const react = useCallback(
    async (message: ChatMessage, emoji: string) => {
      try {
        upsert([await reactToMessage(message.id, emoji)]);
      } catch (err) {
        toastError(err);
      }
    },
    [upsert],
  );

  const retry = useCallback(
    async (message: ChatMessage) => {
      try {
        upsert([await retryMessage(message.id)]);
      } catch (err) {
        toastError(err);
      }
    },
    [upsert],
  );

  const confirmDelete = useCallback(async () => {
    if (!deleting) return;
    try {
      upsert([await deleteMessage(deleting.id)].filter((m): m is ChatMessage => !!m && typeof m === "object" && "id" in m));
      toast.success(t("ticketChat.message.deletedToast"));
    } catch (err) {
      toastError(err);
      throw err;
    }
  }, [deleting, upsert, t]);

  const actionsFor = (message: ChatMessage): MessageMenuActions => ({
    canAnswer: canAnswer && !message.isDeleted,
    canForward: isForwardable(message),
    canEdit: canEditMessage(message, userId),
    canDelete: isOwnMessage(message, userId),
    canRetry: message.fromMe && retryCanHelp(message) && !message.isDeleted,
    canSendTemplate: message.fromMe && templateInstead(message) && !message.isDeleted && canAnswer && !!openTemplate,
    onReply: () => setReplyTo(message),
    onReact: (emoji) => void react(message, emoji),
    onMoreReactions: () => setReactingTo(message),
    onForward: () => startForward(message.id),
    onEdit: () => setEditing(message),
    onDelete: () => setDeleting(message),
    onRetry: () => void retry(message),
    onSendTemplate: () => openTemplate?.(),
  });

  return { actionsFor, replyTo, setReplyTo, editing, setEditing, deleting, setDeleting, confirmDelete, reactingTo, setReactingTo, react };
}
