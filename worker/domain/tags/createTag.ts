import type { CreateTagInput } from "../../contracts/tags";
import { tags } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { nextLaneOrder } from "../kanban/lanes";
import { assertTagNameFree, TAG_NAME_UNIQUE } from "./names";
import { publishTag, tagColumns } from "./view";

/** Adds a tag (anyone). Only admins and supervisors make it a kanban lane; anyone else's kanban is ignored. */
export async function createTag({ ctx, input }: { ctx: Ctx; input: CreateTagInput }) {
  await assertTagNameFree(ctx, input.name);
  const kanban = can(ctx.user, "tags:kanbanToggle") ? input.kanban : 0;
  let tag;
  try {
    tag = await ctx.db
      .insert(tags)
      // A new lane takes the right end of the board.
      .values({ companyId: ctx.companyId, name: input.name, color: input.color, kanban, kanbanOrder: kanban ? nextLaneOrder(ctx.companyId) : 0, userId: ctx.user.id })
      .returning(tagColumns)
      .get();
  } catch (err) {
    if (isUniqueViolation(err, TAG_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_TAG");
    throw err;
  }
  await publishTag(ctx, "create", tag);
  return { ...tag, ticketsCount: 0 };
}
