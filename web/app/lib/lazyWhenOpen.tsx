import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads the first time it opens, not with the page: heavy parts (forms, their schemas and
 * pickers) stay out of the first visit's JavaScript. Once opened it stays mounted, so it closes with its animation
 * and keeps its state as an eager one would. Until its code has loaded, opening it shows nothing.
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  // lazy()'s props type wraps P in ref helpers; these dialogs take no ref.
  const Lazy = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function WhenOpen(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return WhenOpen;
}
