import { and, eq, type SQL } from "drizzle-orm";
import type { UpdateTagInput } from "../../contracts/tags";
import { tags, type NewTag } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { nextLaneOrder } from "../kanban/lanes";
import { assertTagNameFree, TAG_NAME_UNIQUE } from "./names";
import { canManageTag } from "../permissions";
import { loadTagView, publishTag } from "./view";

/** Edits a tag (see canManageTag for who may). The kanban flag changes only for admins and supervisors. */
export async function updateTag({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateTagInput } }) {
  const { id, patch } = input;
  const mine = and(eq(tags.id, id), eq(tags.companyId, ctx.companyId));
  const current = await ctx.db.select({ userId: tags.userId, kanban: tags.kanban, name: tags.name }).from(tags).where(mine).get();
  if (!current) throw new AppError("ERR_NO_TAG_FOUND");
  if (!canManageTag(ctx.user, current)) throw new AppError("ERR_NO_PERMISSION");

  const changes: Omit<Partial<NewTag>, "kanbanOrder"> & { kanbanOrder?: SQL<number> } = {};
  if (patch.name !== undefined && patch.name !== current.name) {
    await assertTagNameFree(ctx, patch.name, id);
    changes.name = patch.name;
  }
  if (patch.color !== undefined) changes.color = patch.color;
  if (patch.kanban !== undefined && can(ctx.user, "tags:kanbanToggle")) {
    changes.kanban = patch.kanban;
    // A tag that becomes a lane takes the right end of the board.
    if (patch.kanban === 1 && current.kanban === 0) changes.kanbanOrder = nextLaneOrder(ctx.companyId);
  }
  try {
    await ctx.db.update(tags).set({ ...changes, updatedAt: new Date() }).where(mine);
  } catch (err) {
    if (isUniqueViolation(err, TAG_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_TAG");
    throw err;
  }
  const tag = (await loadTagView(ctx.db, ctx.companyId, id))!;
  await publishTag(ctx, "update", tag);
  return tag;
}
