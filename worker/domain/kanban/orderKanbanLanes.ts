import { and, eq, sql } from "drizzle-orm";
import type { KanbanLaneOrderInput } from "../../contracts/kanban";
import { inList } from "../../db/inList";
import { tags } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { listKanbanTags } from "../tags/listAllTags";
import { laneOrder } from "./lanes";

/**
 * PUT /tags/kanban/order (admins): the board's lanes left to right. The lanes named come first in that order; any
 * lane not named (one created meanwhile) keeps its place after them. Another company's tag is not found (404);
 * a tag of the company that is not a lane is a 400 naming tagIds. Everyone's board follows the `tag` order event.
 */
export async function orderKanbanLanes({ ctx, input }: { ctx: Ctx; input: KanbanLaneOrderInput }) {
  requirePermission(ctx, "kanban:orderLanes");
  await assertPlanFeature(ctx, "useKanban");
  const named = await ctx.db
    .select({ id: tags.id, kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), inList(tags.id, input.tagIds)));
  if (named.length !== input.tagIds.length) throw new AppError("ERR_NO_TAG_FOUND");
  if (named.some((t) => t.kanban !== 1)) throw fieldError({ tagIds: "Not a kanban lane" });

  const lanes = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(...laneOrder);
  const first = new Set(input.tagIds);
  const order = [...input.tagIds, ...lanes.map((l) => l.id).filter((id) => !first.has(id))];
  // One statement: each lane's place is its position in the list (json_each's key), 1-based.
  await ctx.db
    .update(tags)
    .set({ kanbanOrder: sql`(select j.key + 1 from json_each(${JSON.stringify(order)}) j where j.value = ${tags.id})` })
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)));
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "tag", action: "order", tagIds: order } }]);
  return listKanbanTags({ ctx });
}
