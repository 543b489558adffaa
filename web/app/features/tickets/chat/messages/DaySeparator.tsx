import { useTranslation } from "react-i18next";
import type { DayLabel } from "../rules/days";
import "../texts";

export function DaySeparator({ label }: { label: DayLabel }) {
  const { t } = useTranslation();
  const text = label.kind === "date" ? label.date : t(`ticketChat.days.${label.kind}`);
  return (
    <div className="my-2 flex justify-center" role="separator" aria-label={text}>
      <span className="rounded-lg bg-surface px-3 py-1 text-xs font-medium text-muted shadow-sm">{text}</span>
    </div>
  );
}
