import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadWhatsappView } from "./view";

/** One connection (the edit dialog, the QR dialog). The QR only reaches those who run the connections page. */
export async function getWhatsapp({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const view = await loadWhatsappView(ctx.db, ctx.companyId, input.id);
  if (!view) throw new AppError("ERR_NO_WAPP_FOUND");
  return can(ctx.user, "connections-page:actionButtons") ? view : { ...view, qrcode: "" };
}
