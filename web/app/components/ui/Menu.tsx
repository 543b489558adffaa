import type { ComponentProps } from "react";
import { PopupWaiting, ShimTrigger, popupLoader, usePopupRoot, useWaiting, type PopupRootProps } from "./lazyPopup";
import type * as Impl from "./MenuImpl";

// The dropdown menu (Radix with floating-ui) loads when a menu first opens, or once the page is idle (lazyPopup.tsx).
const loader = popupLoader(() => import("./MenuImpl"));

type RootProps = ComponentProps<typeof Impl.Menu> & PopupRootProps;

export function Menu(props: RootProps) {
  const { live, openAtStart, ask } = usePopupRoot(loader, props);
  if (live)
    return (
      <PopupWaiting.Provider value={null}>
        <live.Menu {...props} defaultOpen={props.defaultOpen ?? openAtStart} />
      </PopupWaiting.Provider>
    );
  return <PopupWaiting.Provider value={ask}>{props.children}</PopupWaiting.Provider>;
}

export function MenuTrigger(props: ComponentProps<typeof Impl.MenuTrigger>) {
  const ask = useWaiting();
  const impl = loader.current();
  if (ask || !impl) return <ShimTrigger ask={ask ?? (() => undefined)} kind="menu" props={props as never} />;
  return <impl.MenuTrigger {...props} />;
}

/** Renders only once the menu is live (opened): the items below are never rendered before. */
export function MenuContent(props: ComponentProps<typeof Impl.MenuContent>) {
  const ask = useWaiting();
  const impl = loader.current();
  return ask || !impl ? null : <impl.MenuContent {...props} />;
}

export function MenuItem(props: ComponentProps<typeof Impl.MenuItem>) {
  const Item = loader.current()!.MenuItem;
  return <Item {...props} />;
}

export function MenuLabel(props: ComponentProps<typeof Impl.MenuLabel>) {
  const Label = loader.current()!.MenuLabel;
  return <Label {...props} />;
}

export function MenuSeparator(props: ComponentProps<typeof Impl.MenuSeparator>) {
  const Separator = loader.current()!.MenuSeparator;
  return <Separator {...props} />;
}

export function MenuCheckboxItem(props: ComponentProps<typeof Impl.MenuCheckboxItem>) {
  const Item = loader.current()!.MenuCheckboxItem;
  return <Item {...props} />;
}
