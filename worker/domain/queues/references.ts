import { and, eq } from "drizzle-orm";
import { prompts, queueIntegrations } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** integrationId and promptId must be the company's own (404 naming the field otherwise); null clears them. */
export async function assertQueueReferences(ctx: Ctx, refs: { integrationId?: number | null; promptId?: number | null }) {
  if (refs.integrationId) {
    const found = await ctx.db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.id, refs.integrationId), eq(queueIntegrations.companyId, ctx.companyId)))
      .get();
    if (!found) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND", undefined, { fields: { integrationId: "Not found" } });
  }
  if (refs.promptId) {
    const found = await ctx.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.id, refs.promptId), eq(prompts.companyId, ctx.companyId)))
      .get();
    if (!found) throw new AppError("ERR_NO_PROMPT_FOUND", undefined, { fields: { promptId: "Not found" } });
  }
}
