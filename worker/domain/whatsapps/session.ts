import { and, eq } from "drizzle-orm";
import { connectionStatus, type BridgeConnectionStatus } from "../../contracts/bridge";
import { whatsapps, type Whatsapp } from "../../db/tenant";
import type { Ctx } from "../context";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { publishWhatsappSession } from "./view";

/**
 * Records the session state the host answered to a command, and tells the company. The host also reports
 * every change as a bridge event, which may land before this write: the write is skipped when the row changed
 * since `seen` (its updatedAt), so an older answer never overwrites a newer event. Returns the current row.
 */
export async function recordSessionState(
  ctx: Pick<Ctx, "db" | "control" | "env" | "companyId" | "hub">,
  seen: Whatsapp,
  answered: unknown,
  fallback: BridgeConnectionStatus = "OPENING",
): Promise<Whatsapp> {
  const parsed = connectionStatus.safeParse((answered as { status?: unknown } | null)?.status);
  const status = parsed.success ? parsed.data : fallback;
  // A QR belongs to one pairing attempt: a fresh state starts without one until the host sends the next.
  const qrcode = status === "qrcode" ? seen.qrcode : "";
  const updated = await ctx.db
    .update(whatsapps)
    .set({ status, qrcode })
    .where(and(eq(whatsapps.id, seen.id), eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.updatedAt, seen.updatedAt)))
    .returning()
    .get();
  if (!updated) {
    const current = await ctx.db.select().from(whatsapps).where(and(eq(whatsapps.id, seen.id), eq(whatsapps.companyId, ctx.companyId))).get();
    return current ?? seen;
  }
  await syncConnectionRoute(ctx, updated.id);
  await publishWhatsappSession(ctx, updated);
  return updated;
}
