import { Paperclip, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { Spinner } from "../../../../components/ui/Spinner";
import { plainText } from "../../shared/textFormat";
import { quickReplyPreview } from "../rules/quickReplies";
import type { QuickReply } from "../types";
import "../texts";

/** The "/" menu above the input: each reply's shortcode and the start of its text; arrows and Enter choose, Esc closes. */
export function QuickReplyMenu({
  id,
  items,
  loading,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  items: QuickReply[];
  loading: boolean;
  active: number;
  onHover: (index: number) => void;
  onChoose: (item: QuickReply) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mx-2 mb-2 overflow-hidden rounded-xl border border-line bg-surface shadow-panel sm:mx-3">
      <p className="flex items-center gap-1.5 border-b border-line px-3 py-2 text-xs font-semibold text-muted">
        <Zap className="size-3.5 text-brand" aria-hidden />
        {t("ticketChat.composer.quickReplies")}
      </p>
      {loading ? (
        <div className="px-3 py-3 text-muted">
          <Spinner label={t("common.loading")} />
        </div>
      ) : items.length === 0 ? (
        <p className="px-3 py-3 text-sm text-muted">{t("ticketChat.composer.noQuickReplies")}</p>
      ) : (
        <ul id={id} role="listbox" aria-label={t("ticketChat.composer.quickReplies")} className="max-h-72 overflow-y-auto p-1">
          {items.map((item, index) => (
            <li
              key={item.id}
              id={`${id}-${item.id}`}
              role="option"
              aria-selected={index === active}
              onMouseEnter={() => onHover(index)}
              onMouseDown={(e) => {
                e.preventDefault();
                onChoose(item);
              }}
              title={item.message}
              className={cn("flex cursor-pointer items-start gap-2 rounded-lg px-3 py-2 text-sm", index === active && "bg-surface-3")}
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-brand-text">/{item.shortcode}</span>
                <span className="line-clamp-2 text-muted">{quickReplyPreview({ message: plainText(item.message) })}</span>
              </span>
              {item.mediaPath ? <Paperclip className="mt-1 size-3.5 shrink-0 text-subtle" aria-label={t("ticketChat.composer.hasAttachment")} /> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
