import { useEffect, useMemo } from "react";
import { cursorPaged, usePagedList } from "../../../components/list";
import { listDeliveries } from "../api";
import type { DeliveryRow, DeliveryStatus } from "../types";

/** While a delivery waits for its first attempt (a test just sent), the log looks again this often. */
export const PENDING_REFRESH_MS = 3000;

/**
 * A subscription's delivery log, newest first, paged by the API's cursor and filtered by status (the list's key). The
 * worker publishes no event per delivery, so while a row is pending the first page is fetched again quietly.
 */
export function useDeliveryList(subscriptionId: number, status: DeliveryStatus | "") {
  const fetchPage = useMemo(
    () => cursorPaged<DeliveryRow>(({ searchParam, cursor }) => listDeliveries(subscriptionId, { cursor, status: searchParam as DeliveryStatus | "" })),
    [subscriptionId],
  );
  const list = usePagedList<DeliveryRow>(status, fetchPage, { quietFailure: true });
  const waiting = list.items.some((row) => row.status === "pending");
  const { refresh } = list;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refresh, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, refresh]);
  return list;
}
