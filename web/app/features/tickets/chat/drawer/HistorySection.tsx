import { Star } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { formatDateTime } from "../../../../lib/dates";
import type { TicketHistory } from "../hooks/useTicketHistory";
import { historyIcon } from "../messages/historyIcons";
import { RatingStars, useRatingLabel } from "../messages/Rating";
import { historySentence, historyText, historyTimeline } from "../rules/history";
import "../../../kanban/texts";
import "../texts";

/**
 * The ticket's history as sentences ("Ana aceitou", "Transferido de Vendas para Suporte por Carla") with times, and
 * the contact's ratings among them.
 */
export function HistorySection({ history: read, timeZone }: { history: TicketHistory | null; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const ratingLabel = useRatingLabel();
  const history = useMemo(() => (read ? historyTimeline(read.entries, read.ratings) : null), [read]);

  return (
    <section aria-labelledby="chat-history-title" className="space-y-3">
      <h3 id="chat-history-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t("ticketChat.history.title")}
      </h3>
      {history === null ? (
        <div className="space-y-2" aria-hidden>
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-4/5" />
        </div>
      ) : history.length === 0 ? (
        <p className="text-sm text-subtle">{t("ticketChat.history.empty")}</p>
      ) : (
        <ol className="relative space-y-3 border-l border-line pl-5">
          {history.map((item) => {
            if (item.kind === "rating") {
              const { rating } = item;
              const label = ratingLabel(rating.rate);
              return (
                <li key={`rating-${rating.id}`} className="relative">
                  <span className="absolute top-0 -left-[31px] flex size-5 items-center justify-center rounded-full border border-line bg-surface text-[#f5b301]">
                    <Star className="size-3 fill-current" aria-hidden />
                  </span>
                  <p className="text-sm">{rating.user ? t("ticketChat.history.rated", { user: rating.user.name, label }) : t("ticketChat.history.ratedNoUser", { label })}</p>
                  <RatingStars rate={rating.rate} className="mt-0.5" />
                  <p className="text-[11px] text-subtle">
                    <time dateTime={rating.createdAt}>{formatDateTime(rating.createdAt, i18n.language, timeZone)}</time>
                  </p>
                </li>
              );
            }
            const { entry } = item;
            const sentence = historySentence(entry, t("kanban.openLane"));
            const Icon = historyIcon(entry.action);
            return (
              <li key={entry.id} className="relative">
                <span className="absolute top-0 -left-[31px] flex size-5 items-center justify-center rounded-full border border-line bg-surface text-muted">
                  <Icon className="size-3" aria-hidden />
                </span>
                <p className="text-sm">{historyText(sentence, t)}</p>
                <p className="text-[11px] text-subtle">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language, timeZone)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
