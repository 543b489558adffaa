import { useEffect, useState } from "react";
import { can } from "../../../../worker/domain/permissions";
import type { SessionUser } from "../../lib/session-user";
import { storage } from "../../lib/storage";
import { listQueues } from "../tickets/shared/api";
import { parseSelection, toggleQueue } from "../tickets/list/queueSelection";
import type { QueueRef } from "../tickets/shared/types";

const storageKey = (userId: number) => `kanban:queues:${userId}`;

/**
 * The board's queue filter, remembered per user: the user's own queues (spec 002), or for admins
 * (kanban:allQueues) every queue of the company. `selection` null is all of them.
 */
export function useQueueFilter(user: SessionUser) {
  const everyQueue = can(user, "kanban:allQueues");
  const [options, setOptions] = useState<QueueRef[]>(everyQueue ? [] : user.queues);
  const [selection, setSelection] = useState<number[] | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setSelection(parseSelection(storage.get(storageKey(user.id)), everyQueue ? null : user.queues.map((q) => q.id)));
    setReady(true);
  }, [user.id, everyQueue, user.queues]);
  useEffect(() => {
    if (!everyQueue) return setOptions(user.queues);
    let alive = true;
    listQueues()
      .then((queues) => alive && setOptions(queues.map(({ id, name, color }) => ({ id, name, color }))))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [everyQueue, user.queues]);

  const choose = (next: number[] | null) => {
    setSelection(next);
    if (next) storage.set(storageKey(user.id), JSON.stringify(next));
    else storage.remove(storageKey(user.id));
  };
  return {
    options,
    selection,
    ready,
    /** The user's own queues when the board is limited to them; null for admins. */
    ownQueues: everyQueue ? null : user.queues.map((q) => q.id),
    toggle: (id: number) => choose(toggleQueue(selection, options.map((q) => q.id), id)),
    clear: () => choose(null),
  };
}
