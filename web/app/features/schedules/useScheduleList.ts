import { useCallback } from "react";
import { usePagedList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listSchedules } from "./api";
import type { ScheduleRow, ScheduleStatus } from "./types";

const matches = (s: ScheduleRow, search: string, status: ScheduleStatus | null) => {
  const term = search.toLowerCase();
  if (status && s.status !== status) return false;
  return !term || s.body.toLowerCase().includes(term) || s.contact.name.toLowerCase().includes(term) || s.contact.number.includes(term);
};

/**
 * The schedules list: searched (the caller debounces) and filtered by status, soonest first, paged, and kept live by
 * `schedule` events (a status change, a recurrence's next occurrence, a colleague's new schedule).
 */
export function useScheduleList(search: string, status: ScheduleStatus | null) {
  // The paged list reloads when its key changes: the search and the filter together.
  const key = `${status ?? ""}\u0000${search}`;
  const fetchPage = useCallback(({ pageNumber }: { pageNumber: number }) => listSchedules({ searchParam: search, pageNumber, status }), [search, status]);
  const list = usePagedList<ScheduleRow>(key, fetchPage);
  useRealtimeEvent("schedule", (event) => {
    if (event.action === "delete") {
      list.remove(event.scheduleId);
      return;
    }
    const schedule = event.schedule;
    if (list.has(schedule.id)) {
      if (matches(schedule, search, status)) list.upsert(schedule);
      else list.remove(schedule.id);
    } else if (matches(schedule, search, status)) list.refresh(); // in its place by time, not on top
  });
  return list;
}
