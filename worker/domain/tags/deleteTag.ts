import { and, eq } from "drizzle-orm";
import { tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { canManageTag } from "../permissions";

/**
 * Deletes a tag (see canManageTag for who may); it leaves every ticket that carried it (ticket_tags cascade).
 * Lists drop it from their tickets on the tag delete event rather than one ticket event per ticket.
 */
export async function deleteTag({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const mine = and(eq(tags.id, input.id), eq(tags.companyId, ctx.companyId));
  const current = await ctx.db.select({ userId: tags.userId, kanban: tags.kanban }).from(tags).where(mine).get();
  if (!current) throw new AppError("ERR_NO_TAG_FOUND");
  if (!canManageTag(ctx.user, current)) throw new AppError("ERR_NO_PERMISSION");
  await ctx.db.delete(tags).where(mine);
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "tag", action: "delete", tagId: input.id } }]);
}
