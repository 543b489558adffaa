import { useTranslation } from "react-i18next";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/Popover";
import { eventTextKey } from "./eventGroups";
import "./texts";

/** "3 eventos", opening the list of their names. */
export function EventsSummary({ events }: { events: string[] }) {
  const { t } = useTranslation();
  const count = t("webhooks.eventsCount", { count: events.length });
  return (
    <Popover>
      <PopoverTrigger className="rounded-full border border-line px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted hover:bg-surface-2 hover:text-fg">{count}</PopoverTrigger>
      <PopoverContent align="start" className="max-w-xs p-3" aria-label={count}>
        <ul className="flex flex-col gap-1 text-sm">
          {events.map((event) => (
            <li key={event} className="flex flex-col">
              <span className="font-medium">{t(eventTextKey(event, "label"))}</span>
              <code className="text-xs text-subtle">{event}</code>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
