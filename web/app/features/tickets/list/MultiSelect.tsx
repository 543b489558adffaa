import { Check, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/Popover";

export interface MultiOption {
  id: number;
  label: string;
  color?: string;
}

/**
 * A compact filter: a button that says what is chosen and opens a list of checkable options (queues, tags,
 * agents). `selected` null means "all".
 */
export function MultiSelect({
  label,
  summary,
  options,
  isSelected,
  onToggle,
  onClear,
  clearLabel,
  icon,
  className,
}: {
  label: string;
  summary: ReactNode;
  options: MultiOption[];
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  onClear?: () => void;
  clearLabel?: string;
  icon?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Popover>
      <PopoverTrigger
        className={cn(
          "inline-flex h-8 max-sm:h-11 min-w-0 items-center gap-1.5 rounded-lg border border-line-strong bg-surface px-2.5 text-left text-xs font-medium text-fg",
          "hover:bg-surface-2 focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/25 focus-visible:outline-none",
          className,
        )}
      >
        {icon}
        {/* Named "Filas: Todas as filas": what it filters, then what it shows (a name hiding the shown text misleads voice control). */}
        <span className="sr-only">{label}: </span>
        <span className="min-w-0 flex-1 truncate" title={typeof summary === "string" ? summary : undefined}>{summary}</span>
        <ChevronDown className="size-3.5 shrink-0 text-subtle" aria-hidden />
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 max-w-[calc(100vw-1rem)] p-1">
        <p className="px-3 pt-2 pb-1 text-xs font-semibold text-subtle">{label}</p>
        {options.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted">{t("tickets.search.noOptions")}</p>
        ) : (
          <ul role="listbox" aria-multiselectable="true" aria-label={label} className="max-h-72 overflow-y-auto">
            {options.map((option) => {
              const selected = isSelected(option.id);
              return (
                <li key={option.id}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={selected}
                    onClick={() => onToggle(option.id)}
                    className="flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-3 focus-visible:bg-surface-3 focus-visible:outline-none"
                  >
                    <span
                      className={cn(
                        "flex size-4 shrink-0 items-center justify-center rounded border",
                        selected ? "border-brand bg-brand text-brand-fg" : "border-line-strong",
                      )}
                      aria-hidden
                    >
                      {selected ? <Check className="size-3" /> : null}
                    </span>
                    {option.color ? <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: option.color }} aria-hidden /> : null}
                    <span className="truncate">{option.label}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {onClear ? (
          <div className="mt-1 border-t border-line p-1">
            <button
              type="button"
              onClick={onClear}
              className="w-full rounded-md px-3 py-1.5 text-left text-sm text-muted hover:bg-surface-3 hover:text-fg focus-visible:bg-surface-3 focus-visible:outline-none"
            >
              {clearLabel ?? t("tickets.search.clear")}
            </button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
