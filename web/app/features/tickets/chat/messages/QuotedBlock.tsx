import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { plainText, withoutSignature } from "../../shared/textFormat";
import { messageKind } from "../rules/messages";
import type { QuotedMessage } from "../types";
import "../texts";

/** The replied-to message inside a bubble (and above the composer while replying). */
export function QuotedBlock({
  quoted,
  contactName,
  onClick,
  className,
}: {
  quoted: QuotedMessage;
  contactName: string;
  onClick?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const kind = messageKind(quoted);
  const text =
    kind === "deleted"
      ? t("ticketChat.message.deleted")
      : kind === "text"
        ? plainText(withoutSignature(quoted.body))
        : quoted.body && kind !== "contact" && kind !== "location"
          ? `${t(`ticketChat.kinds.${kind}`)} · ${plainText(withoutSignature(quoted.body))}`
          : t(`ticketChat.kinds.${kind}`);
  const Tag = onClick ? "button" : "div";
  return (
    <Tag
      type={onClick ? "button" : undefined}
      onClick={onClick}
      className={cn(
        "block w-full min-w-0 rounded-md border-l-4 bg-black/5 px-2.5 py-1.5 text-left text-xs dark:bg-white/5",
        quoted.fromMe ? "border-brand" : "border-[#6b7bd6]",
        className,
      )}
    >
      <span className={cn("block font-semibold", quoted.fromMe ? "text-brand-text" : "text-[#5361b8] dark:text-[#9aa6f0]")}>
        {quoted.fromMe ? t("ticketChat.message.you") : contactName}
      </span>
      <span className={cn("line-clamp-2 break-words whitespace-pre-wrap text-muted", kind === "deleted" && "italic")}>{text}</span>
    </Tag>
  );
}
