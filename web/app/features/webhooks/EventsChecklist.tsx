import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { WebhookEventType } from "../../../../worker/contracts/publicApi/events";
import { EVENT_GROUPS, eventsOfGroup, eventTextKey, type EventGroup } from "./eventGroups";
import "./texts";

/** The form's `events` field as conform holds it (text): one value or several. */
export interface EventsControl {
  value: string | string[] | undefined;
  change: (events: string[]) => void;
}

export const chosenEvents = (control: EventsControl): string[] => {
  const value = control.value ?? [];
  return (Array.isArray(value) ? value : [value]).filter(Boolean);
};

/**
 * The events a webhook receives, as a checklist grouped by what they are about (messages, tickets, contacts…): each
 * group has its "all" box (mixed when some are ticked), each event its one-line explanation.
 */
export function EventsChecklist({ id, control, error }: { id: string; control: EventsControl; error?: string }) {
  const { t } = useTranslation();
  const chosen = new Set(chosenEvents(control));
  const set = (events: WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    control.change([...next]);
  };
  return (
    <fieldset id={id} className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t("webhooks.dialog.events")}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {EVENT_GROUPS.map((group) => (
          <EventGroupBox key={group} group={group} chosen={chosen} onSet={set} />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function EventGroupBox({ group, chosen, onSet }: { group: EventGroup; chosen: Set<string>; onSet: (events: WebhookEventType[], on: boolean) => void }) {
  const { t } = useTranslation();
  const events = eventsOfGroup(group);
  const ticked = events.filter((e) => chosen.has(e)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = ticked > 0 && ticked < events.length;
  }, [ticked, events.length]);
  const groupName = t(`webhooks.groups.${group}`);
  return (
    <div className="rounded-xl border border-line p-3" data-testid={`event-group-${group}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span className="text-sm font-semibold">{groupName}</span>
        {events.length > 1 ? (
          <label className="flex items-center gap-1.5 text-xs text-muted">
            <input
              ref={all}
              type="checkbox"
              checked={ticked === events.length}
              onChange={(e) => onSet(events, e.currentTarget.checked)}
              aria-label={`${t("webhooks.dialog.all")}: ${groupName}`}
              className="size-4 accent-[var(--brand)]"
            />
            {t("webhooks.dialog.all")}
          </label>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {events.map((event) => (
          <li key={event}>
            <label className="flex items-start gap-2.5">
              <input
                type="checkbox"
                checked={chosen.has(event)}
                onChange={(e) => onSet([event], e.currentTarget.checked)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--brand)]"
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{t(eventTextKey(event, "label"))}</span>
                <span className="block text-xs text-muted">{t(eventTextKey(event, "hint"))}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
