import { and, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { assertPlanFeature } from "../plans/planLimits";
import { hashConnectionToken, newConnectionToken } from "./apiToken";
import { recordAudit } from "../audit/recordAudit";
import { loadWhatsappQueues, presentWhatsapp, publishWhatsapp } from "./view";

/**
 * Gives the connection a new external-API token, replacing any previous one (which stops working at once).
 * The token is in this answer only: the database keeps its hash.
 */
export async function generateToken({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  await assertPlanFeature(ctx, "useExternalApi");
  const token = newConnectionToken();
  const tokenHash = await hashConnectionToken(token);
  // The new token and its entry (never the token): one transaction.
  const row = ctx.db.transaction(() => {
    const updated = ctx.db
      .update(whatsapps)
      .set({ tokenHash })
      .where(and(eq(whatsapps.id, input.id), eq(whatsapps.companyId, ctx.companyId)))
      .returning()
      .get();
    if (updated) recordAudit(ctx, { action: "connection.updated", target: { type: "connection", id: updated.id, label: updated.name }, detail: { apiToken: "regenerated" } });
    return updated;
  });
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  // The external API finds the connection by its token's hash in the control index.
  await syncConnectionRoute(ctx, row.id);
  const queueList = await loadWhatsappQueues(ctx.db, row.id);
  await publishWhatsapp(ctx, row, queueList);
  return { token, whatsapp: presentWhatsapp(row, queueList) };
}
