import { useSyncExternalStore } from "react";
import { lazyWhenOpen } from "../../lib/lazyWhenOpen";
import { currentToasts, serverToasts, subscribeToasts } from "../../lib/toast";

/** The toasts' renderer (Radix Toast) loads with the first toast, not with the page. */
const Toaster = lazyWhenOpen(
  () => import("./Toast").then((m) => m.Toaster),
  (props: { shown: boolean }) => props.shown,
);

export function LazyToaster() {
  const items = useSyncExternalStore(subscribeToasts, currentToasts, serverToasts);
  return <Toaster shown={items.length > 0} />;
}
