import { recheckCloudNumber } from "../cloud/connectCloudNumber";
import { sessionHost } from "../sessionHost/hostClient";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { recordSessionState } from "./session";
import { loadWhatsappQueues, loadWhatsappRow, presentWhatsapp } from "./view";

/**
 * POST /whatsappsession/:id ("Try again"): the host resumes the saved session or starts pairing (a new QR).
 * The host is asked first: when it cannot be reached the answer says so and nothing changes.
 */
export async function startSession({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "connections-page:actionButtons");
  const current = await loadWhatsappRow(ctx.db, ctx.companyId, input.id);
  if (!current) throw new AppError("ERR_NO_WAPP_FOUND");
  const row = current.channel === "cloud" ? await recheckCloudNumber(ctx, current) : await recordSessionState(ctx, current, await sessionHost(ctx.env).start(current.id));
  return presentWhatsapp(row, await loadWhatsappQueues(ctx.db, row.id));
}
