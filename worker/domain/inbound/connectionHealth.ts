import { and, eq, sql } from "drizzle-orm";
import type { BridgeEvent } from "../../contracts/bridge";
import { connectionHealthEvents, whatsapps } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { loadWhatsappRow, publishWhatsappSession } from "../whatsapps/view";

type Health = Extract<BridgeEvent, { type: "health" }>;

/**
 * A session host's word on a connection's health (issue 30): a row for the connections page's 24-hour counts (kept
 * 7 days, jobs/housekeeping.ts), and the page hears of it (whatsappSession, with the new counts).
 */
export async function recordHealthEvent(ctx: SystemCtx, e: Health) {
  ctx.db
    .insert(connectionHealthEvents)
    .values({ companyId: ctx.companyId, whatsappId: e.connectionId, kind: e.kind, count: e.kind === "recovered" ? e.count : Math.max(1, e.count), at: new Date(e.at || Date.now()) })
    .run();
  const row = await loadWhatsappRow(ctx.db, ctx.companyId, e.connectionId);
  if (row) await publishWhatsappSession(ctx, row);
}

/**
 * Every event of a batch says the host heard from the connection: its last event time moves to the batch's latest,
 * one write per connection per batch (never backwards: batches of a connection may land out of order). The row's
 * `updatedAt` stays what it was (the page's "last update" is the connection's own changes).
 */
export function advanceLastEvents(ctx: SystemCtx, events: { connectionId: number; at: number }[]) {
  const latest = new Map<number, number>();
  for (const e of events) latest.set(e.connectionId, Math.max(latest.get(e.connectionId) ?? 0, e.at || Date.now()));
  for (const [id, at] of latest) {
    ctx.db
      .update(whatsapps)
      .set({ lastEventAt: sql`max(coalesce(${whatsapps.lastEventAt}, 0), ${at})`, updatedAt: sql`${whatsapps.updatedAt}` })
      .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, id)))
      .run();
  }
}
