import { useCallback, useState } from "react";
import { toastError } from "../../lib/errors";

/**
 * Actions on a page's rows (test, pause, send again): `run(id, action)` marks that id busy while it runs, so its
 * buttons wait, and toasts a failure.
 */
export function useBusyRows() {
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const run = useCallback(async (id: number, action: () => Promise<void>) => {
    setBusy((ids) => new Set(ids).add(id));
    try {
      await action();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { busy, run };
}
