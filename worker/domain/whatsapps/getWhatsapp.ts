import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { hostsOf, loadWhatsappView } from "./view";

/**
 * One connection (the edit dialog, the QR dialog). The QR only reaches those who run the connections page; the
 * session host that runs it (health.hostId) only a super admin.
 */
export async function getWhatsapp({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const view = await loadWhatsappView(ctx.db, ctx.companyId, input.id);
  if (!view) throw new AppError("ERR_NO_WAPP_FOUND");
  if (view.health && ctx.user.super) view.health.hostId = (await hostsOf(ctx.control, [view.id])).get(view.id) ?? null;
  return can(ctx.user, "connections-page:actionButtons") ? view : { ...view, qrcode: "" };
}
