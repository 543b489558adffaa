import { useCallback, useEffect, useState } from "react";
import { useRealtimeEvent } from "../../lib/realtime";
import { listConnections } from "./api";
import type { ConnectionRow } from "./types";

const byName = (a: ConnectionRow, b: ConnectionRow) => a.name.localeCompare(b.name) || a.id - b.id;

/** Fields an event may carry that the page's rows keep (events without queues leave the row's as they were). */
function rowFrom(payload: Record<string, unknown> & Pick<ConnectionRow, "id" | "name" | "number" | "status" | "isDefault" | "qrcode">): Partial<ConnectionRow> {
  const row: Partial<ConnectionRow> = { id: payload.id, name: payload.name, number: payload.number, status: payload.status, isDefault: payload.isDefault };
  if (typeof payload.updatedAt === "string") row.updatedAt = payload.updatedAt;
  if (Array.isArray(payload.queues)) row.queues = payload.queues as ConnectionRow["queues"];
  return row;
}

/**
 * The company's connections (not paged: a plan allows a handful), kept current by `whatsapp` events (create,
 * change, delete) and admins' `whatsappSession` events (status, QR). A star moving to one row takes it from
 * the others, so the list never shows two defaults while the other row's event is on its way.
 */
export function useConnectionList() {
  const [items, setItems] = useState<ConnectionRow[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    listConnections(controller.signal)
      .then((rows) => {
        setItems([...rows].sort(byName));
        setLoaded(true);
      })
      .catch((err: unknown) => {
        if (err instanceof DOMException && err.name === "AbortError") return;
        setFailed(true);
        setLoaded(true);
      });
    return () => controller.abort();
  }, [version]);

  const upsert = useCallback((patch: Partial<ConnectionRow> & { id: number }) => {
    setItems((current) => {
      const found = current.find((c) => c.id === patch.id);
      let next = found ? current.map((c) => (c.id === patch.id ? { ...c, ...patch } : c)) : [...current, { updatedAt: new Date().toISOString(), ...patch } as ConnectionRow];
      if (patch.isDefault) next = next.map((c) => (c.id !== patch.id && c.isDefault ? { ...c, isDefault: false } : c));
      return next.sort(byName);
    });
  }, []);
  const remove = useCallback((id: number) => setItems((current) => current.filter((c) => c.id !== id)), []);

  useRealtimeEvent("whatsapp", (event) => {
    if (event.action === "delete") remove(event.whatsappId);
    else upsert(rowFrom(event.whatsapp) as ConnectionRow);
  });
  useRealtimeEvent("whatsappSession", (event) => {
    const { id, status, qrcode, number } = event.session;
    const patch: Partial<ConnectionRow> & { id: number } = { id, status, qrcode, number };
    if (typeof event.session.updatedAt === "string") patch.updatedAt = event.session.updatedAt;
    setItems((current) => (current.some((c) => c.id === id) ? current.map((c) => (c.id === id ? { ...c, ...patch } : c)) : current));
  });

  return { items, loaded, failed, reload: () => setVersion((v) => v + 1), upsert, remove };
}
