import { and, eq, gte } from "drizzle-orm";
import type { BridgeConnectionStatus } from "../../contracts/bridge";
import type { HostedConnectionView } from "../../contracts/sessionHosts";
import { companies, connectionRoutes, sessionHosts, sessionLeases } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";

/**
 * GET /api/platform/session-hosts/:hostId/connections: the connections whose unexpired lease the host holds, with
 * their companies' names (super admin). An unknown host is ERR_NOT_FOUND.
 */
export async function listHostedConnections({ ctx, input, now = Date.now() }: { ctx: Ctx; input: { hostId: string }; now?: number }): Promise<{ connections: HostedConnectionView[] }> {
  requirePermission(ctx, "companies:manage");
  const host = await ctx.control.select({ id: sessionHosts.id }).from(sessionHosts).where(eq(sessionHosts.id, input.hostId)).get();
  if (!host) throw new AppError("ERR_NOT_FOUND", "No session host has this id.");
  const rows = await ctx.control
    .select({
      whatsappId: connectionRoutes.whatsappId,
      companyId: connectionRoutes.companyId,
      companyName: companies.name,
      name: connectionRoutes.name,
      status: connectionRoutes.status,
      leaseExpiresAt: sessionLeases.expiresAt,
    })
    .from(sessionLeases)
    .innerJoin(connectionRoutes, eq(connectionRoutes.whatsappId, sessionLeases.whatsappId))
    .innerJoin(companies, eq(companies.id, connectionRoutes.companyId))
    .where(and(eq(sessionLeases.hostId, host.id), gte(sessionLeases.expiresAt, new Date(now))))
    .orderBy(companies.name, connectionRoutes.name);
  return {
    connections: rows.map((r) => ({ ...r, status: r.status as BridgeConnectionStatus, leaseExpiresAt: r.leaseExpiresAt.toISOString() })),
  };
}
