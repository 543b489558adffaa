import { useTranslation } from "react-i18next";
import { timeOf } from "../rules/days";
import { historySentence, historyText } from "../rules/history";
import type { TrackingEntry } from "../types";
import { historyIcon } from "./historyIcons";
import "../../../kanban/texts";
import "../texts";

/** Something that happened to the ticket (accepted, transferred, resolved…), centred between the messages. */
export function SystemLine({ entry, timeZone }: { entry: TrackingEntry; timeZone: string }) {
  const { t } = useTranslation();
  const sentence = historySentence(entry, t("kanban.openLane"));
  const Icon = historyIcon(entry.action);
  return (
    <div className="my-1.5 flex justify-center px-3" data-system-line={entry.action}>
      <p className="inline-flex max-w-[85%] items-center gap-1.5 rounded-lg bg-surface/80 px-3 py-1 text-center text-xs text-muted shadow-sm">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        <span>{historyText(sentence, t)}</span>
        <span className="text-subtle">·</span>
        <time dateTime={entry.createdAt} className="text-subtle tabular-nums">
          {timeOf(entry.createdAt, timeZone)}
        </time>
      </p>
    </div>
  );
}
