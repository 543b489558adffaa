import { and, eq } from "drizzle-orm";
import type { BridgeEvent } from "../../contracts/bridge";
import { whatsapps } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { publishWhatsappSession } from "../whatsapps/view";
import { raiseConnectionStatus } from "../publicApi/raiseChanges";

type Status = Extract<BridgeEvent, { type: "status" }>;
type Qr = Extract<BridgeEvent, { type: "qr" }>;

/**
 * The session host reports a connection's state: the row follows it and the connections page hears of it
 * (whatsappSession). Any state but qrcode clears the QR, which closes an open QR dialog.
 */
export async function applyConnectionState(ctx: SystemCtx, e: Status | Qr) {
  const patch =
    e.type === "qr"
      ? { status: "qrcode" as const, qrcode: e.qr }
      : {
          status: e.status,
          qrcode: e.status === "qrcode" ? undefined : "",
          ...(e.number ? { number: e.number } : {}),
          // Why WhatsApp refused the link stays on the row (the page says it plainly) until the connection is back.
          ...(e.reason ? { linkRefusal: e.reason } : e.status === "CONNECTED" ? { linkRefusal: null } : {}),
        };
  const previous = ctx.db.select({ status: whatsapps.status }).from(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, e.connectionId))).get();
  const [row] = await ctx.db
    .update(whatsapps)
    .set({ ...patch, ...(e.type === "status" && e.status === "CONNECTED" && { retries: 0 }), updatedAt: new Date(e.at || Date.now()) })
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, e.connectionId)))
    .returning();
  if (!row) return;
  raiseConnectionStatus(ctx, row, previous?.status ?? null);
  await syncConnectionRoute(ctx, row.id);
  await publishWhatsappSession(ctx, row);
}
