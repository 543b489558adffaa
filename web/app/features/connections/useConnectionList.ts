import { useCallback, useEffect } from "react";
import { useWholeList } from "../../components/list";
import { useRealtimeEvent } from "../../lib/realtime";
import { listConnections } from "./api";
import type { ConnectionRow } from "./types";

const byName = (a: ConnectionRow, b: ConnectionRow) => a.name.localeCompare(b.name) || a.id - b.id;

/** Fields an event may carry that the page's rows keep (events without queues leave the row's as they were). */
function rowFrom(payload: Record<string, unknown> & Pick<ConnectionRow, "id" | "name" | "number" | "status" | "isDefault" | "qrcode">): Partial<ConnectionRow> {
  const row: Partial<ConnectionRow> = { id: payload.id, name: payload.name, number: payload.number, status: payload.status, isDefault: payload.isDefault };
  if (typeof payload.updatedAt === "string") row.updatedAt = payload.updatedAt;
  if (payload.channel === "baileys" || payload.channel === "cloud") row.channel = payload.channel;
  if ("cloud" in payload) row.cloud = (payload.cloud as ConnectionRow["cloud"]) ?? null;
  if (Array.isArray(payload.queues)) row.queues = payload.queues as ConnectionRow["queues"];
  if ("health" in payload) row.health = (payload.health as ConnectionRow["health"]) ?? null;
  return row;
}

/**
 * The company's connections (not paged: a plan allows a handful), kept current by `whatsapp` events (create,
 * change, delete) and admins' `whatsappSession` events (status, QR). A star moving to one row takes it from
 * the others, so the list never shows two defaults while the other row's event is on its way. A failed load shows
 * in the page (with a retry), not as a toast.
 */
export function useConnectionList() {
  const fetchAll = useCallback(() => listConnections(), []);
  const list = useWholeList<ConnectionRow>(fetchAll, { sort: byName, quietFailure: true });
  const { upsert: upsertRow, patchAll, has, patch: patchRow } = list;

  const upsert = useCallback(
    (patch: Partial<ConnectionRow> & { id: number }) => {
      upsertRow((has(patch.id) ? patch : { updatedAt: new Date().toISOString(), ...patch }) as ConnectionRow);
      if (patch.isDefault) patchAll((c) => (c.id !== patch.id && c.isDefault ? { ...c, isDefault: false } : c));
    },
    [upsertRow, patchAll, has],
  );

  useRealtimeEvent("whatsapp", (event) => {
    if (event.action === "delete") list.remove(event.whatsappId);
    else upsert(rowFrom(event.whatsapp) as ConnectionRow);
  });
  useRealtimeEvent("whatsappSession", (event) => {
    const { id, status, qrcode, number } = event.session;
    const patch: Partial<ConnectionRow> = { status, qrcode, number };
    if (typeof event.session.updatedAt === "string") patch.updatedAt = event.session.updatedAt;
    // A cloud number rechecked, or its token found expired.
    if (event.session.cloud !== undefined) patch.cloud = event.session.cloud ? { error: event.session.cloud.error } : null;
    // Health after a status change or a health event; the host that runs it comes only with the list (super admin).
    const health = event.session.health;
    if (health === undefined) list.patch(id, patch);
    else patchAll((c) => (c.id === id ? { ...c, ...patch, health: health && { ...health, hostId: health.hostId ?? c.health?.hostId ?? null } } : c));
  });

  // The last event's time moves with every batch the host sends and is not pushed (it would be a message per
  // batch): the rows' health is read again every minute while the page is in view.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible") return;
      listConnections()
        .then((rows) => rows.forEach((r) => has(r.id) && patchRow(r.id, { health: r.health ?? null })))
        .catch(() => undefined);
    }, 60_000);
    return () => clearInterval(timer);
  }, [has, patchRow]);

  return { ...list, upsert };
}
