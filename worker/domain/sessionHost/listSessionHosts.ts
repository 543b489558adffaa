import type { SessionHostView } from "../../contracts/sessionHosts";
import { requirePermission, type Ctx } from "../context";
import { hostsWithLoad } from "./hosts";

/** GET /api/platform/session-hosts: every registered session host, its load and whether it is live (super admin). */
export async function listSessionHosts({ ctx, now = Date.now() }: { ctx: Ctx; now?: number }): Promise<{ hosts: SessionHostView[] }> {
  requirePermission(ctx, "companies:manage");
  const hosts = await hostsWithLoad(ctx.control, now);
  return {
    hosts: hosts.map((h) => ({
      id: h.id,
      url: h.url,
      capacity: h.capacity,
      connections: h.leases,
      running: h.running,
      draining: h.draining,
      live: h.live,
      memoryMb: h.memoryMb,
      version: h.version,
      startedAt: h.startedAt.toISOString(),
      lastHeartbeatAt: h.heartbeatAt.toISOString(),
    })),
  };
}
