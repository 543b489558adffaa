import { and, eq } from "drizzle-orm";
import { queues, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";

/** Queue and connection ids given for a user must be the company's own; otherwise 400 naming the field. */
export async function assertOwnReferences(ctx: Ctx, refs: { queueIds?: number[]; whatsappId?: number | null }) {
  const [queueRows, whatsapp] = await Promise.all([
    refs.queueIds?.length
      ? ctx.db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, ctx.companyId))
      : Promise.resolve([]),
    refs.whatsappId != null
      ? ctx.db
          .select({ id: whatsapps.id })
          .from(whatsapps)
          .where(and(eq(whatsapps.id, refs.whatsappId), eq(whatsapps.companyId, ctx.companyId)))
          .get()
      : Promise.resolve(null),
  ]);
  const fields: Record<string, string> = {};
  if (refs.queueIds?.length) {
    // All of the company's queue ids, compared here: a short list, and no limit on bound parameters.
    const own = new Set(queueRows.map((q) => q.id));
    if (refs.queueIds.some((id) => !own.has(id))) fields.queueIds = "Unknown queue";
  }
  if (refs.whatsappId != null && !whatsapp) fields.whatsappId = "Unknown connection";
  if (Object.keys(fields).length > 0) throw fieldError(fields);
}
