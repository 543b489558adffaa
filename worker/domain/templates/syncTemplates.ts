import { and, eq, notInArray } from "drizzle-orm";
import { whatsappTemplates } from "../../db/tenant";
import { CloudApiError } from "../../lib/whatsappCloud";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { cloudConnectionOf } from "./cloudConnection";
import { listTemplates } from "./listTemplates";

/**
 * POST /api/whatsapp/:id/templates/sync (admins): the business account's templates read from Meta replace the
 * connection's copy (new ones added, changed ones updated, those Meta no longer has removed).
 */
export async function syncTemplates({ ctx, input }: { ctx: Ctx; input: { whatsappId: number } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const { id, wabaId, client } = await cloudConnectionOf(ctx, input.whatsappId);
  let remote;
  try {
    remote = await client.templates(wabaId);
  } catch (err) {
    if (err instanceof CloudApiError) throw new AppError(err.code === 190 ? "ERR_WAPP_TOKEN_EXPIRED" : "ERR_WAPP_NOT_INITIALIZED", err.message);
    throw err;
  }
  const now = new Date();
  const mine = and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, id));
  ctx.db.transaction((tx) => {
    tx.delete(whatsappTemplates)
      .where(and(mine, remote.length > 0 ? notInArray(whatsappTemplates.metaId, remote.map((t) => t.id)) : undefined))
      .run();
    for (const t of remote) {
      const values = { metaId: t.id, name: t.name, language: t.language, category: t.category, status: t.status, components: t.components ?? [], reason: t.rejected_reason && t.rejected_reason !== "NONE" ? t.rejected_reason : null, updatedAt: now };
      tx.insert(whatsappTemplates)
        .values({ companyId: ctx.companyId, whatsappId: id, ...values, createdAt: now })
        .onConflictDoUpdate({ target: [whatsappTemplates.whatsappId, whatsappTemplates.name, whatsappTemplates.language], set: values })
        .run();
    }
  });
  return listTemplates({ ctx, input });
}
