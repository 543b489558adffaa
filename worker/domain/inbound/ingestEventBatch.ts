import { and, gte } from "drizzle-orm";
import type { BridgeEvent } from "../../contracts/bridge";
import type { ControlDb } from "../../db/client";
import { sessionLeases } from "../../db/control";
import { inList } from "../../db/inList";
import type { HubDirectory } from "../hubPort";
import { companiesOfConnections } from "../sessionHost/connectionRoutes";

/**
 * A batch from the session host: split by company (each connection belongs to one), each company's events
 * handed in order to its hub. Companies proceed in parallel; the call answers only when all have landed, so the
 * host keeps (and re-sends) the batch otherwise — ingestion is idempotent on WhatsApp ids.
 */
export async function ingestEventBatch(hubs: HubDirectory, db: ControlDb, hostId: string, events: BridgeEvent[]): Promise<number> {
  const ids = [...new Set(events.map((e) => e.connectionId))];
  // Most batches are acks and messages: the owners come from the isolate's cache, and leases are read only for
  // the events that need them.
  const stateIds = [...new Set(events.filter((e) => e.type === "status" || e.type === "qr").map((e) => e.connectionId))];
  const [companyOf, leases] = await Promise.all([
    companiesOfConnections(db, ids),
    stateIds.length === 0
      ? []
      : db
          .select({ id: sessionLeases.whatsappId, hostId: sessionLeases.hostId })
          .from(sessionLeases)
          .where(and(inList(sessionLeases.whatsappId, stateIds), gte(sessionLeases.expiresAt, new Date()))),
  ]);
  // A host that lost a connection's lease may still report its old socket closing: only the holder's word on
  // status and QR counts. Messages are kept whoever delivers them (ingestion is idempotent).
  const heldByOther = new Set(leases.filter((l) => l.hostId !== hostId).map((l) => l.id));

  const byCompany = new Map<number, BridgeEvent[]>();
  for (const event of events) {
    const companyId = companyOf.get(event.connectionId);
    if (companyId === undefined) {
      console.warn("bridge event for an unknown connection dropped", { connectionId: event.connectionId, type: event.type });
      continue;
    }
    if ((event.type === "status" || event.type === "qr") && heldByOther.has(event.connectionId)) continue;
    let list = byCompany.get(companyId);
    if (!list) byCompany.set(companyId, (list = []));
    list.push(event);
  }
  await Promise.all([...byCompany].map(([companyId, list]) => hubs.of(companyId).ingest(list)));
  return events.length;
}
