import { useInputControl } from "@conform-to/react";
import { Check, ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/Popover";
import type { QueueRef } from "./types";

/** The picker's state, which is the form's: the chosen ids of a `queueIds` field, as conform holds them (text). */
export interface QueueIdsControl {
  value: string | string[] | undefined;
  change: (ids: string[]) => void;
}

/** The chosen ids of the picker's control. */
export function chosenQueueIds(control: QueueIdsControl): number[] {
  const value = control.value ?? [];
  return (Array.isArray(value) ? value : [value]).filter(Boolean).map(Number);
}

/**
 * A form's `queueIds` field as the picker's control: conform holds the chosen ids and sends them with the form,
 * so the dialog keeps no copy of them.
 */
export function useQueueIdsControl(meta: { key?: string | null; name: string; formId: string; initialValue?: unknown }): QueueIdsControl {
  return useInputControl<string[]>({ key: meta.key, name: meta.name, formId: meta.formId, initialValue: meta.initialValue as string[] | undefined });
}

/**
 * Several queues at once: a popover of checkable options, a conform control of the form's `queueIds` field (see
 * useQueueIdsControl). With no queues (they arrive with a later feature) it says so and stays disabled.
 */
export function QueueSelect({
  id,
  queues,
  control,
  loading,
  texts,
  invalid,
}: {
  id: string;
  queues: QueueRef[];
  control: QueueIdsControl;
  loading?: boolean;
  /** Another list's words (the automation actions' tags); the user dialog's queues by default. */
  texts?: { placeholder: string; empty: string; label: string };
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const words = texts ?? { placeholder: t("users.dialog.queuesPlaceholder"), empty: t("users.dialog.queuesEmpty"), label: t("users.dialog.queues") };
  const value = chosenQueueIds(control);
  const chosen = queues.filter((q) => value.includes(q.id));
  const empty = !loading && queues.length === 0;
  const toggle = (queueId: number) =>
    control.change((value.includes(queueId) ? value.filter((v) => v !== queueId) : [...value, queueId]).map(String));
  return (
    <>
      <Popover>
        <PopoverTrigger
          id={id}
          disabled={empty || loading}
          aria-invalid={invalid || undefined}
          className={cn(
            "flex min-h-10 w-full items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 py-1.5 text-left text-sm",
            "focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/25 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger",
          )}
        >
          <span className="flex min-w-0 flex-1 flex-wrap gap-1">
            {chosen.length > 0 ? (
              chosen.map((q) => (
                <span
                  key={q.id}
                  className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-2 py-0.5 text-xs font-medium"
                >
                  <span className="size-2 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                  {q.name}
                </span>
              ))
            ) : (
              <span className="text-subtle">
                {loading ? t("common.loading") : empty ? words.empty : words.placeholder}
              </span>
            )}
          </span>
          <ChevronDown className="size-4 shrink-0 text-subtle" aria-hidden />
        </PopoverTrigger>
        <PopoverContent align="start" className="w-[var(--radix-popover-trigger-width)] p-1">
          <ul role="listbox" aria-multiselectable="true" aria-label={words.label} className="max-h-64 overflow-y-auto">
            {queues.map((q) => {
              const selected = value.includes(q.id);
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => toggle(q.id)}
                    className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-3 focus-visible:bg-surface-3"
                  >
                    <span
                      className={cn(
                        "flex size-4 items-center justify-center rounded border",
                        selected ? "border-brand bg-brand text-brand-fg" : "border-line-strong",
                      )}
                      aria-hidden
                    >
                      {selected ? <Check className="size-3" /> : null}
                    </span>
                    <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                    <span className="truncate">{q.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </PopoverContent>
      </Popover>
    </>
  );
}
