import {
  Children,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * Menus and popovers whose code (Radix with floating-ui: positioning, focus trapping, dismissal) loads the first time
 * one is opened, not with the page, and is asked for once the page is idle so that it is usually there by then.
 * Until an instance opens, its trigger is a plain button with the same name, attributes and keyboard keys as Radix's
 * (closed: aria-haspopup, aria-expanded false, data-state closed); opening it (pointer, Enter, Space, ArrowDown for a
 * menu; click for a popover), or its parent opening it (a controlled `open`), swaps in the Radix parts, open.
 */
export interface PopupRootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

export interface PopupLoader<Impl> {
  /** The loaded module, or null until it has loaded. */
  current: () => Impl | null;
  get: () => Promise<Impl>;
  /** Asks for the code once the page is idle (once per page). */
  preloadWhenIdle: () => void;
}

export function popupLoader<Impl>(load: () => Promise<Impl>): PopupLoader<Impl> {
  let impl: Impl | null = null;
  let loading: Promise<Impl> | null = null;
  let scheduled = false;
  const get = () =>
    (loading ??= load().then(
      (m) => (impl = m),
      (err: unknown) => {
        loading = null; // a failed chunk load may be retried on the next opening
        throw err;
      },
    ));
  return {
    current: () => impl,
    get,
    preloadWhenIdle: () => {
      if (scheduled || typeof window === "undefined") return;
      scheduled = true;
      // After hydration and a moment more: it must not compete with what makes the page usable.
      setTimeout(() => {
        const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 0));
        idle(() => void get().catch(() => undefined));
      }, 1500);
    },
  };
}

/** What a closed, not yet loaded root gives its trigger: how to ask for the opening. */
export const PopupWaiting = createContext<(() => void) | null>(null);

/**
 * The root: until it opens, only its children (a plain trigger; the content renders nothing). When asked to open, it
 * loads the code if needed and renders `live` (the Radix root), open at first unless its parent controls `open`.
 */
export function usePopupRoot<Impl>(loader: PopupLoader<Impl>, props: PopupRootProps): { live: Impl | null; openAtStart: boolean; ask: () => void } {
  const [live, setLive] = useState(false);
  const [openAtStart, setOpenAtStart] = useState(false);
  const asked = useRef(false);
  const onOpenChange = useRef(props.onOpenChange);
  onOpenChange.current = props.onOpenChange;
  const start = (byUser: boolean) => {
    if (asked.current) return;
    asked.current = true;
    const go = () => {
      if (byUser) {
        setOpenAtStart(true);
        onOpenChange.current?.(true);
      }
      setLive(true);
    };
    if (loader.current()) go();
    else
      loader.get().then(go, () => {
        asked.current = false;
      });
  };
  useEffect(() => {
    if (!live && props.open) start(false);
  });
  useEffect(() => loader.preloadWhenIdle(), [loader]);
  const impl = loader.current();
  return { live: live && impl ? impl : null, openAtStart, ask: () => start(true) };
}

type ShimProps = ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean; [data: `data-${string}`]: unknown };

function compose<E>(theirs: ((e: E) => void) | undefined, ours: (e: E) => void) {
  return (e: E) => {
    theirs?.(e);
    if (!(e as { defaultPrevented?: boolean }).defaultPrevented) ours(e);
  };
}

/** The trigger before the code has loaded: Radix's closed trigger, as a plain button (or its `asChild` element). */
export function ShimTrigger({ ask, kind, props }: { ask: () => void; kind: "menu" | "dialog"; props: ShimProps }) {
  const { asChild, children, ...rest } = props;
  const child = asChild && isValidElement(children) ? (Children.only(children) as ReactElement<ShimProps>) : null;
  const own: ShimProps = child ? { ...rest, ...child.props } : { type: "button", ...rest };
  const disabled = Boolean(own.disabled);
  const handlers: ShimProps =
    kind === "menu"
      ? {
          onPointerDown: compose(own.onPointerDown, (e: PointerEvent<HTMLButtonElement>) => {
            if (disabled || e.button !== 0 || e.ctrlKey) return;
            ask();
            e.preventDefault(); // as Radix: the content, not the trigger, takes the focus
          }),
          onKeyDown: compose(own.onKeyDown, (e: KeyboardEvent<HTMLButtonElement>) => {
            if (disabled || !["Enter", " ", "ArrowDown"].includes(e.key)) return;
            ask();
            e.preventDefault();
          }),
          // A click without a pointer (assistive technology, element.click()).
          onClick: compose(own.onClick, (e: MouseEvent<HTMLButtonElement>) => {
            if (!disabled && e.detail === 0) ask();
          }),
        }
      : {
          onClick: compose(own.onClick, () => {
            if (!disabled) ask();
          }),
        };
  const shim: ShimProps = {
    ...own,
    ...handlers,
    "aria-haspopup": kind,
    "aria-expanded": false,
    "data-state": "closed",
    ...(disabled ? { "data-disabled": "" } : {}),
  };
  if (child) return cloneElement(child, shim);
  return <button {...shim}>{children}</button>;
}

export function useWaiting() {
  return useContext(PopupWaiting);
}
