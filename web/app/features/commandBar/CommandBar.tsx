import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import { Spinner } from "../../components/ui/Spinner";
import type { SessionUser } from "../../lib/session-user";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useMacroRunner } from "../macros/useMacroRunner";
import { MIN_SEARCH_CHARS, useCommandResults, type CommandGroup, type CommandItem } from "./useCommandResults";
import { useMacroCommands, type RunMacro } from "./useMacroCommands";

const GROUPS: CommandGroup[] = ["macros", "tickets", "contacts", "pages"];

/** Ctrl+K (Cmd+K): jump to a ticket, a contact or a page by typing. Arrows choose, Enter opens, Esc closes. */
export function CommandBar({ user, open, onOpenChange }: { user: SessionUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const runner = useMacroRunner();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[76dvh] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-panel animate-pop-in focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">{t("commandBar.title")}</DialogPrimitive.Title>
          {open ? <CommandSearch user={user} onDone={() => onOpenChange(false)} onRunMacro={runner.run} /> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
      {/* Outside the bar, which closes as the macro starts: its confirmation stays. */}
      <ConfirmDialog {...runner.confirm} />
    </DialogPrimitive.Root>
  );
}

function CommandSearch({ user, onDone, onRunMacro }: { user: SessionUser; onDone: () => void; onRunMacro: RunMacro }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const macroItems = useMacroCommands(onRunMacro);
  const { items, searching } = useCommandResults(user, query, macroItems);
  useEffect(() => setActive(0), [query, items.length]);
  const current = items[active];

  const go = (item: CommandItem) => {
    onDone();
    if (item.run) item.run();
    else if (item.to) navigate(item.to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === "Enter" && current) {
      e.preventDefault();
      go(current);
    }
  };

  const typed = query.trim();
  return (
    <>
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search className="size-5 shrink-0 text-subtle" aria-hidden />
        <input
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("commandBar.placeholder")}
          aria-label={t("commandBar.title")}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-fg placeholder:text-subtle focus:outline-none"
        />
        {searching ? <Spinner label={t("commandBar.searching")} /> : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <ul id={listId} role="listbox" aria-label={t("commandBar.title")}>
          {GROUPS.map((group) => {
            const inGroup = items.filter((item) => item.group === group);
            if (inGroup.length === 0) return null;
            return (
              <li key={group} role="presentation">
                <p className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-subtle uppercase" aria-hidden>
                  {t(`commandBar.groups.${group}`)}
                </p>
                <ul role="group" aria-label={t(`commandBar.groups.${group}`)}>
                  {inGroup.map((item) => {
                    const index = items.indexOf(item);
                    const Icon = item.icon;
                    return (
                      <li
                        key={item.id}
                        id={`${listId}-${item.id}`}
                        role="option"
                        aria-selected={index === active}
                        onMouseEnter={() => setActive(index)}
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => go(item)}
                        className={cn("flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2", index === active && "bg-surface-3")}
                      >
                        <Icon className="size-4 shrink-0 text-muted" aria-hidden />
                        <span className="min-w-0 flex-1 truncate text-sm font-medium">{item.label}</span>
                        {item.hint ? <span className="hidden max-w-[55%] shrink-0 truncate text-xs text-subtle sm:inline">{item.hint}</span> : null}
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
        {items.length === 0 && !searching ? (
          <p className="px-3 py-6 text-center text-sm text-muted">
            {typed.length < MIN_SEARCH_CHARS ? t("commandBar.typeMore", { min: MIN_SEARCH_CHARS }) : t("commandBar.nothing", { query: typed })}
          </p>
        ) : null}
      </div>
      <p className="hidden border-t border-line px-4 py-2 text-xs text-subtle sm:block">{t("commandBar.hint")}</p>
    </>
  );
}
