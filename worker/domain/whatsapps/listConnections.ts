import { asc, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";

/**
 * The company's WhatsApp connections as pickers and the connection badge need them. Secrets (the API token's
 * hash) and the QR code are never part of this list.
 */
export async function listConnections({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db.query.whatsapps.findMany({
    where: eq(whatsapps.companyId, ctx.companyId),
    orderBy: [asc(whatsapps.name)],
    columns: { id: true, name: true, number: true, status: true, isDefault: true, provider: true, channel: true, cloudError: true, updatedAt: true },
    with: { whatsappQueues: { columns: {}, with: { queue: { columns: { id: true, name: true, color: true } } } } },
  });
  // A cloud connection's state (an expired token) shows on its row; its ids and webhook come with GET /whatsapp/:id.
  return rows.map(({ whatsappQueues, cloudError, ...w }) => ({ ...w, cloud: w.channel === "cloud" ? { error: cloudError } : null, queues: whatsappQueues.map((wq) => wq.queue) }));
}
