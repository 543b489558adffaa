import { useCallback, useEffect, useState } from "react";
import { storage } from "../../../lib/storage";
import type { SessionUser } from "../../../lib/session-user";
import { listQueues } from "../shared/api";
import type { QueueRef } from "../shared/types";

/**
 * A queue selector (the inbox's, the kanban's): the user's queues (admins: all of the company's), remembered per
 * user and page in localStorage. `null` means "all of them" — the lists then send no queue filter.
 */
const storageKeyOf = (page: string, userId: number) => `${page}:queues:${userId}`;

/** A stored choice, kept to queues that still exist; unreadable or empty means all. */
export function parseSelection(raw: string | null, available: number[] | null): number[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    const ids = value.filter((v): v is number => Number.isSafeInteger(v) && v > 0);
    const kept = available ? ids.filter((id) => available.includes(id)) : ids;
    if (kept.length === 0 || (available && kept.length === available.length)) return null;
    return kept;
  } catch {
    return null;
  }
}

/** Toggles one queue; the last selected one stays (an empty choice would mean everything). */
export function toggleQueue(selection: number[] | null, all: number[], queueId: number): number[] | null {
  const current = selection ?? all;
  const next = current.includes(queueId) ? current.filter((id) => id !== queueId) : [...current, queueId];
  if (next.length === 0) return selection;
  return next.length === all.length && all.every((id) => next.includes(id)) ? null : next;
}

export function useQueueSelection(user: SessionUser, everyQueue: boolean, page = "tickets") {
  const storageKey = (userId: number) => storageKeyOf(page, userId);
  const [options, setOptions] = useState<QueueRef[]>(everyQueue ? [] : user.queues);
  const [selection, setSelection] = useState<number[] | null>(null);
  // Read after hydration (the server has no localStorage); the lists wait for it, so they load once.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setSelection(parseSelection(storage.get(storageKey(user.id)), everyQueue ? null : user.queues.map((q) => q.id)));
    setReady(true);
  }, [user.id, everyQueue, user.queues, page]);

  useEffect(() => {
    if (!everyQueue) {
      setOptions(user.queues);
      return;
    }
    let alive = true;
    listQueues()
      .then((queues) => alive && setOptions(queues.map(({ id, name, color }) => ({ id, name, color }))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [everyQueue, user.queues]);

  const toggle = useCallback(
    (queueId: number) => {
      setSelection((current) => {
        const next = toggleQueue(current, options.map((q) => q.id), queueId);
        if (next) storage.set(storageKey(user.id), JSON.stringify(next));
        else storage.remove(storageKey(user.id));
        return next;
      });
    },
    [options, user.id, page],
  );

  const selectAll = useCallback(() => {
    storage.remove(storageKey(user.id));
    setSelection(null);
  }, [user.id, page]);

  return { options, selection, ready, toggle, selectAll, queueIds: selection ?? [] };
}
