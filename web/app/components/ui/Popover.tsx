import type { ComponentProps } from "react";
import { PopupWaiting, ShimTrigger, popupLoader, usePopupRoot, useWaiting, type PopupRootProps } from "./lazyPopup";
import type * as Impl from "./PopoverImpl";

// The popover (Radix with floating-ui) loads when a popover first opens, or once the page is idle (lazyPopup.tsx).
const loader = popupLoader(() => import("./PopoverImpl"));

type RootProps = ComponentProps<typeof Impl.Popover> & PopupRootProps;

export function Popover(props: RootProps) {
  const { live, openAtStart, ask } = usePopupRoot(loader, props);
  if (live)
    return (
      <PopupWaiting.Provider value={null}>
        <live.Popover {...props} defaultOpen={props.defaultOpen ?? openAtStart} />
      </PopupWaiting.Provider>
    );
  return <PopupWaiting.Provider value={ask}>{props.children}</PopupWaiting.Provider>;
}

export function PopoverTrigger(props: ComponentProps<typeof Impl.PopoverTrigger>) {
  const ask = useWaiting();
  const impl = loader.current();
  if (ask || !impl) return <ShimTrigger ask={ask ?? (() => undefined)} kind="dialog" props={props as never} />;
  return <impl.PopoverTrigger {...props} />;
}

/** Renders only once the popover is live (opened). */
export function PopoverContent(props: ComponentProps<typeof Impl.PopoverContent>) {
  const ask = useWaiting();
  const impl = loader.current();
  return ask || !impl ? null : <impl.PopoverContent {...props} />;
}

export function PopoverClose(props: ComponentProps<typeof Impl.PopoverClose>) {
  const Close = loader.current()!.PopoverClose;
  return <Close {...props} />;
}
