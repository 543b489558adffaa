import { Check } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import { Input } from "../../components/ui/Input";
import { normalizeHex, PALETTE_COLUMNS, readableTextColor, TAG_PALETTE } from "./colors";
import "./texts";

/**
 * The colour picker: the 49-colour palette as a radio group (arrow keys move within it, as in any radio group)
 * and a hex input for any other colour. The chosen value travels in a hidden input named `name`.
 */
export function ColorField({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value);
  const grid = useRef<HTMLDivElement>(null);
  const normalized = normalizeHex(value);
  const selectedIndex = normalized ? TAG_PALETTE.indexOf(normalized) : -1;
  // The radio group has one tab stop: the chosen swatch, or the first one.
  const focusable = selectedIndex >= 0 ? selectedIndex : 0;

  const pick = (color: string) => {
    onChange(color);
    setTyped(color);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: PALETTE_COLUMNS,
      ArrowUp: -PALETTE_COLUMNS,
    };
    let next: number | null = null;
    if (event.key in moves) next = index + moves[event.key]!;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = TAG_PALETTE.length - 1;
    if (next === null) return;
    event.preventDefault();
    next = (next + TAG_PALETTE.length) % TAG_PALETTE.length;
    pick(TAG_PALETTE[next]!);
    grid.current?.querySelectorAll<HTMLButtonElement>("[role=radio]")[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <input type="hidden" name={name} value={value} />
      <div
        ref={grid}
        role="radiogroup"
        aria-label={t("tags.dialog.palette")}
        className="grid w-fit grid-cols-7 gap-1.5 rounded-xl border border-line bg-surface-2 p-2"
      >
        {TAG_PALETTE.map((color, index) => {
          const checked = index === selectedIndex;
          return (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={color}
              title={color}
              tabIndex={index === focusable ? 0 : -1}
              onClick={() => pick(color)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cn(
                "flex size-7 items-center justify-center rounded-full ring-1 ring-black/10 transition-transform hover:scale-110 dark:ring-white/15",
                checked && "ring-2 ring-fg ring-offset-2 ring-offset-surface-2",
              )}
              style={{ backgroundColor: color }}
            >
              {checked ? <Check className="size-3.5" style={{ color: readableTextColor(color) }} aria-hidden /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex flex-col gap-1.5 sm:w-40">
        <label htmlFor={id} className="text-xs font-medium text-muted">
          {t("tags.dialog.hex")}
        </label>
        <div className="flex items-center gap-2">
          <span aria-hidden className="size-10 shrink-0 rounded-lg ring-1 ring-line-strong" style={{ backgroundColor: normalized ?? "transparent" }} />
          <Input
            id={id}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              const hex = normalizeHex(e.target.value);
              // Until it is a colour, the hidden input carries the text so validation can say so.
              onChange(hex ?? e.target.value);
            }}
            onBlur={() => {
              const hex = normalizeHex(typed);
              if (hex) setTyped(hex);
            }}
            maxLength={9}
            spellCheck={false}
            autoComplete="off"
            className="font-mono uppercase"
            invalid={invalid}
            aria-describedby={describedBy}
          />
        </div>
      </div>
    </div>
  );
}
