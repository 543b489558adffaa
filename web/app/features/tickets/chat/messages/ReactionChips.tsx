import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import type { ReactionSummary } from "../rules/messages";
import "../texts";

/** The reactions a message received, under its bubble. */
export function ReactionChips({ reactions, fromMe }: { reactions: ReactionSummary[]; fromMe: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={cn("relative -mt-1.5 flex gap-1", fromMe ? "mr-2" : "ml-2")} role="group" aria-label={t("ticketChat.message.reactions")}>
      {reactions.map((r) => (
        <span
          key={r.emoji}
          className={cn(
            "inline-flex items-center gap-0.5 rounded-full border border-line bg-surface px-1.5 py-0.5 text-xs shadow-sm",
            r.mine && "border-brand/50",
          )}
        >
          <span aria-hidden>{r.emoji}</span>
          {r.count > 1 ? <span className="text-subtle tabular-nums" aria-hidden>{r.count}</span> : null}
          <span className="sr-only">{t("ticketChat.message.reactionCount", { emoji: r.emoji, count: r.count })}</span>
        </span>
      ))}
    </div>
  );
}
