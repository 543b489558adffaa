import { sessionHost } from "../sessionHost/hostClient";
import type { PairingCodeInput } from "../../contracts/whatsapps";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { loadWhatsappRow } from "./view";

/**
 * The alternative to scanning the QR: WhatsApp gives a code to type on the phone (Linked devices → Link with
 * phone number). The session's status then follows by bridge events as with a QR.
 */
export async function requestPairingCode({ ctx, input }: { ctx: Ctx; input: { id: number } & PairingCodeInput }) {
  requirePermission(ctx, "connections-page:actionButtons");
  const current = await loadWhatsappRow(ctx.db, ctx.companyId, input.id);
  if (!current) throw new AppError("ERR_NO_WAPP_FOUND");
  if (current.channel === "cloud") throw new AppError("ERR_WAPP_NOT_SUPPORTED", "A Cloud API number is not paired with a code.");
  const { code } = await sessionHost(ctx.env).pairingCode(current.id, input.number);
  return { code };
}
