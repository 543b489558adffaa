import { createContext, useContext, useId, type HTMLAttributes, type KeyboardEvent, type ReactNode } from "react";

/**
 * Tabs for the inbox's first render without Radix's code (tabs, roving focus, collection, presence): the same roles,
 * ids, attributes and keys as Radix Tabs (horizontal, automatic activation): a tablist whose tabs are buttons with
 * aria-selected, aria-controls and data-state, the selected one the only tab stop, arrows (looping), Home and End
 * moving the focus and selecting; each panel a tabpanel labelled by its tab, `hidden` with its children unmounted
 * when not selected, unless forceMount.
 */
interface TabsContextValue {
  value: string;
  onValueChange: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const ctx = useContext(TabsContext);
  if (!ctx) throw new Error("PlainTabs parts must be inside PlainTabs.Root");
  return ctx;
}

const idOf = (baseId: string, part: "trigger" | "content", value: string) => `${baseId}-${part}-${value}`;

export function Root({ value, onValueChange, children, ...props }: { value: string; onValueChange: (value: string) => void; children?: ReactNode } & Omit<HTMLAttributes<HTMLDivElement>, "onChange" | "defaultValue">) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, onValueChange, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const KEYS: Record<string, "prev" | "next" | "first" | "last"> = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", PageUp: "first", End: "last", PageDown: "last" };

export function List({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    props.onKeyDown?.(e);
    const intent = KEYS[e.key];
    if (!intent || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')].filter((el) => el.closest('[role="tablist"]') === e.currentTarget);
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || tabs.length === 0) return;
    e.preventDefault();
    const next = intent === "first" ? 0 : intent === "last" ? tabs.length - 1 : (at + (intent === "next" ? 1 : -1) + tabs.length) % tabs.length;
    tabs[next]!.focus(); // selects it (automatic activation, onFocus)
  };
  return (
    <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" {...props} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function Trigger({ value, children, ...props }: { value: string; children?: ReactNode } & Omit<HTMLAttributes<HTMLButtonElement>, "value">) {
  const { value: selectedValue, onValueChange, baseId } = useTabs();
  const selected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={idOf(baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      id={idOf(baseId, "trigger", value)}
      tabIndex={selected ? 0 : -1}
      {...props}
      onMouseDown={(e) => {
        props.onMouseDown?.(e);
        // As Radix: a left press selects (without the ctrl key, which opens a context menu on macOS); focus follows.
        if (!e.defaultPrevented && e.button === 0 && !e.ctrlKey) onValueChange(value);
        else if (e.button === 0) e.preventDefault();
      }}
      onKeyDown={(e) => {
        props.onKeyDown?.(e);
        if (!e.defaultPrevented && (e.key === " " || e.key === "Enter")) onValueChange(value);
      }}
      onFocus={(e) => {
        props.onFocus?.(e);
        if (!selected) onValueChange(value);
      }}
    >
      {children}
    </button>
  );
}

export function Content({ value, forceMount, children, ...props }: { value: string; forceMount?: boolean; children?: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const { value: selectedValue, baseId } = useTabs();
  const selected = value === selectedValue;
  const present = forceMount || selected;
  return (
    <div
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={idOf(baseId, "trigger", value)}
      hidden={!present}
      id={idOf(baseId, "content", value)}
      tabIndex={0}
      {...props}
    >
      {present ? children : null}
    </div>
  );
}
