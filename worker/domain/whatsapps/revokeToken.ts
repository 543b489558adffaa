import { and, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { recordAudit } from "../audit/recordAudit";
import { loadWhatsappQueues, presentWhatsapp, publishWhatsapp } from "./view";

/** Removes the connection's external-API token: calls made with it are refused from now on. */
export async function revokeToken({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  // The token's removal and its entry: one transaction.
  const row = ctx.db.transaction(() => {
    const updated = ctx.db
      .update(whatsapps)
      .set({ tokenHash: null })
      .where(and(eq(whatsapps.id, input.id), eq(whatsapps.companyId, ctx.companyId)))
      .returning()
      .get();
    if (updated) recordAudit(ctx, { action: "connection.updated", target: { type: "connection", id: updated.id, label: updated.name }, detail: { apiToken: "revoked" } });
    return updated;
  });
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  // The external API finds the connection by its token's hash in the control index.
  await syncConnectionRoute(ctx, row.id);
  const queueList = await loadWhatsappQueues(ctx.db, row.id);
  await publishWhatsapp(ctx, row, queueList);
  return presentWhatsapp(row, queueList);
}
