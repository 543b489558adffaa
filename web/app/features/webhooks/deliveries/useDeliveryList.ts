import { useEffect, useMemo } from "react";
import { cursorPaged, usePagedList } from "../../../components/list";
import { listDeliveries } from "../api";
import type { DeliveryRow, DeliveryStatus } from "../types";

/** While a delivery waits for an attempt due now or soon (a test just sent), the log looks again this often. */
export const PENDING_REFRESH_MS = 3000;
const SOON_MS = 60_000;
/** An attempt overdue by more than this waits for the hub's sweep: no use asking every few seconds. */
const STALE_MS = 5 * 60_000;

/**
 * A row whose attempt is under way or about to happen: pending (just raised or sent again, or being attempted — the
 * hub then leases it, moving its next attempt minutes ahead) unless it has waited too long, or retrying within the
 * minute. Not one long overdue.
 */
export const dueSoon = (row: Pick<DeliveryRow, "status" | "nextAttemptAt" | "createdAt">, now = Date.now()) => {
  if (row.status === "pending") return now - Date.parse(row.createdAt) < STALE_MS;
  if (row.status !== "retrying") return false;
  const due = Date.parse(row.nextAttemptAt ?? row.createdAt) - now;
  return due < SOON_MS && due > -STALE_MS;
};

/**
 * A subscription's delivery log, newest first, paged by the API's cursor and filtered by status (the list's key). The
 * worker publishes no event per delivery, so while a row's attempt is due soon the first page is fetched again quietly.
 */
export function useDeliveryList(subscriptionId: number, status: DeliveryStatus | "") {
  const fetchPage = useMemo(
    () => cursorPaged<DeliveryRow>(({ searchParam, cursor }) => listDeliveries(subscriptionId, { cursor, status: searchParam as DeliveryStatus | "" })),
    [subscriptionId],
  );
  const list = usePagedList<DeliveryRow>(status, fetchPage, { quietFailure: true });
  const waiting = list.items.some(dueSoon);
  const { refresh } = list;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);
  return list;
}
