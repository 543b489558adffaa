import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { QuotedBlock } from "../messages/QuotedBlock";
import type { ChatMessage } from "../types";
import "../texts";

/** The message being answered, above the input, with a cancel x. */
export function ReplyPreview({ message, contactName, onCancel }: { message: ChatMessage; contactName: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 border-t border-line bg-surface-2 px-3 pt-2">
      <QuotedBlock quoted={{ id: message.id, body: message.body, fromMe: message.fromMe, mediaType: message.mediaType, isDeleted: !!message.isDeleted }} contactName={contactName} />
      <button
        type="button"
        onClick={onCancel}
        aria-label={t("ticketChat.composer.cancelReply")}
        className="inline-flex size-8 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
