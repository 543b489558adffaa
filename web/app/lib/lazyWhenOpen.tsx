import { lazy, Suspense, useState, type ComponentType } from "react";

/** A component whose code can be asked for ahead of its first use (see lazyWhenOpen). */
export type LazyWhenOpen<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * A dialog whose code loads the first time it opens, not with the page: heavy parts (forms, their schemas and
 * pickers) stay out of the first visit's JavaScript. Once opened it stays mounted, so it closes with its animation
 * and keeps its state as an eager one would. Until its code has loaded, opening it shows nothing; `preload()` asks for
 * the code early (once the page is idle) where what is typed right after opening must not be lost (the command bar).
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): LazyWhenOpen<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () => (loading ??= load().catch((err: unknown) => {
    loading = null; // a failed chunk load may be retried on the next opening
    throw err;
  }));
  // lazy()'s props type wraps P in ref helpers; these dialogs take no ref.
  const Lazy = lazy(async () => ({ default: await get() })) as unknown as ComponentType<P>;
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
  WhenOpen.preload = () => void get().catch(() => undefined);
  return WhenOpen;
}
