import { useTranslation } from "react-i18next";
import { Skeleton } from "../../../../components/ui/Spinner";
import { historyIcon } from "../messages/historyIcons";
import { dateTimeOf } from "../rules/days";
import { historySentence } from "../rules/history";
import type { TrackingEntry } from "../types";

/** The ticket's history as sentences ("Ana aceitou", "Transferido de Vendas para Suporte por Carla") with times. */
export function HistorySection({ history, timeZone }: { history: TrackingEntry[] | null; timeZone: string }) {
  const { t } = useTranslation();
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
          {history.map((entry) => {
            const sentence = historySentence(entry);
            const Icon = historyIcon(entry.action);
            return (
              <li key={entry.id} className="relative">
                <span className="absolute top-0 -left-[31px] flex size-5 items-center justify-center rounded-full border border-line bg-surface text-muted">
                  <Icon className="size-3" aria-hidden />
                </span>
                <p className="text-sm">{t(`ticketChat.history.${sentence.key}`, sentence.values)}</p>
                <p className="text-[11px] text-subtle">
                  <time dateTime={entry.createdAt}>{dateTimeOf(entry.createdAt, timeZone)}</time>
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
