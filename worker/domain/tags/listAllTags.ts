import { and, asc, eq } from "drizzle-orm";
import { tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { laneOrder } from "../kanban/lanes";
import { assertPlanFeature } from "../plans/planLimits";

const pickerColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

/** GET /tags/list: every tag of the company by name, for pickers (ticket tags, filters, campaigns). */
export async function listAllTags({ ctx }: { ctx: Ctx }) {
  return ctx.db.select(pickerColumns).from(tags).where(eq(tags.companyId, ctx.companyId)).orderBy(asc(tags.name), asc(tags.id));
}

/**
 * GET /tags/kanban: the kanban lanes (tags flagged kanban) left to right as the board shows them (the order an
 * admin set, then by name), under the spec's key `lista`. The plan must include the kanban (useKanban).
 */
export async function listKanbanTags({ ctx }: { ctx: Ctx }) {
  await assertPlanFeature(ctx, "useKanban");
  const lista = await ctx.db
    .select(pickerColumns)
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(...laneOrder);
  return { lista };
}
