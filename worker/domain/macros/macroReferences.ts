import { and, eq } from "drizzle-orm";
import type { MacroAction } from "../../contracts/automation/macros";
import { inList } from "../../db/inList";
import { queues, tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";

/**
 * Every queue and tag a macro's actions name must be the company's: else a 400 naming the action's field
 * (`actions.1.queueId`) and nothing is written.
 */
export async function assertMacroReferences(ctx: Ctx, actions: MacroAction[]) {
  const queueIds = actions.flatMap((a) => (a.type === "assignQueue" ? [a.queueId] : []));
  const tagIds = actions.flatMap((a) => (a.type === "addTags" || a.type === "removeTags" ? a.tagIds : []));
  const ownQueues = new Set(
    queueIds.length ? (await ctx.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), inList(queues.id, queueIds)))).map((q) => q.id) : [],
  );
  const ownTags = new Set(
    tagIds.length ? (await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), inList(tags.id, tagIds)))).map((t) => t.id) : [],
  );
  const wrong: Record<string, string> = {};
  actions.forEach((action, i) => {
    if (action.type === "assignQueue" && !ownQueues.has(action.queueId)) wrong[`actions.${i}.queueId`] = "Unknown queue";
    if ((action.type === "addTags" || action.type === "removeTags") && action.tagIds.some((id) => !ownTags.has(id))) wrong[`actions.${i}.tagIds`] = "Unknown tag";
  });
  if (Object.keys(wrong).length) throw fieldError(wrong);
}
