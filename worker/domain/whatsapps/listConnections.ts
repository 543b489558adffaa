import { asc, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { hostsOf, loadConnectionHealth } from "./view";

/**
 * The company's WhatsApp connections as pickers, the connection badge and the connections page need them, each with
 * its health (WhatsApp Web; the session host that runs it only for a super admin). Secrets (the API token's hash)
 * and the QR code are never part of this list.
 */
export async function listConnections({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db.query.whatsapps.findMany({
    where: eq(whatsapps.companyId, ctx.companyId),
    orderBy: [asc(whatsapps.name)],
    columns: { id: true, name: true, number: true, status: true, isDefault: true, provider: true, channel: true, cloudError: true, lastEventAt: true, linkRefusal: true, updatedAt: true },
    with: { whatsappQueues: { columns: {}, with: { queue: { columns: { id: true, name: true, color: true } } } } },
  });
  const hostOf = ctx.user.super ? await hostsOf(ctx.control, rows.filter((r) => r.channel !== "cloud").map((r) => r.id)) : undefined;
  const health = loadConnectionHealth(ctx.db, ctx.companyId, rows, hostOf);
  // A cloud connection's state (an expired token) shows on its row; its ids and webhook come with GET /whatsapp/:id.
  return rows.map(({ whatsappQueues, cloudError, lastEventAt: _lastEventAt, linkRefusal: _linkRefusal, ...w }) => ({
    ...w,
    cloud: w.channel === "cloud" ? { error: cloudError } : null,
    health: health.get(w.id) ?? null,
    queues: whatsappQueues.map((wq) => wq.queue),
  }));
}
