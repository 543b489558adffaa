import { useCallback, useEffect, useRef, useState } from "react";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { listSchedules } from "./api";
import type { ScheduleRow, ScheduleStatus } from "./types";

/**
 * The schedules of one time range (the calendar's month, week, day or agenda), searched and filtered like the list,
 * kept live by `schedule` events: a change inside the range, or to a schedule shown, loads the range again.
 */
export function useScheduleRange(range: { from: Date; to: Date } | null, search: string, status: ScheduleStatus | null) {
  const [items, setItems] = useState<ScheduleRow[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [truncated, setTruncated] = useState(false);
  const [version, setVersion] = useState(0);
  const fromMs = range?.from.getTime() ?? null;
  const toMs = range?.to.getTime() ?? null;
  const shown = useRef(new Set<number>());

  useEffect(() => {
    if (fromMs === null || toMs === null) return;
    let live = true;
    listSchedules({ searchParam: search, pageNumber: 1, status, from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() })
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        shown.current = new Set(page.items.map((s) => s.id));
        setTruncated(page.hasMore);
        setLoaded(true);
      })
      .catch((err) => live && toastError(err));
    return () => {
      live = false;
    };
  }, [fromMs, toMs, search, status, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useRealtimeEvent("schedule", (event) => {
    if (fromMs === null || toMs === null) return;
    if (event.action === "delete") {
      if (shown.current.has(event.scheduleId)) reload();
      return;
    }
    const schedule = event.schedule;
    const at = new Date(schedule.sendAt).getTime();
    if (shown.current.has(schedule.id) || (at >= fromMs && at < toMs)) reload();
  });

  return { items, loaded, truncated, reload };
}
