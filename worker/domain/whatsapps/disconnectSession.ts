import { sessionHost } from "../sessionHost/hostClient";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { recordSessionState } from "./session";
import { loadWhatsappQueues, loadWhatsappRow, presentWhatsapp } from "./view";

/**
 * DELETE /whatsappsession/:id (Disconnect): the host logs the session out on WhatsApp and wipes its
 * credentials; the connection stays DISCONNECTED (hosts do not reopen it) until someone starts it again, with
 * a new QR. When the host cannot be reached the answer says so and nothing changes.
 */
export async function disconnectSession({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "connections-page:actionButtons");
  const current = await loadWhatsappRow(ctx.db, ctx.companyId, input.id);
  if (!current) throw new AppError("ERR_NO_WAPP_FOUND");
  // A cloud number has no session to log out: it shows DISCONNECTED until someone starts it again.
  if (current.channel !== "cloud") await sessionHost(ctx.env).logout(current.id);
  // Whatever the host answers, a logged-out session is DISCONNECTED.
  const row = await recordSessionState(ctx, current, { status: "DISCONNECTED" });
  return presentWhatsapp(row, await loadWhatsappQueues(ctx.db, row.id));
}
