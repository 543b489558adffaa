import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tags, ticketTags, type Tag } from "../../db/tenant";
import type { Ctx } from "../context";
import type { TagView } from "../../contracts/views/tag";

/** The columns a tag is answered with. */
export const tagColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban, userId: tags.userId };

/** How many tickets carry the tag (ticket_tags only ever links a tag to tickets of its own company). */
export const ticketsCount = sql<number>`(select count(*) from ${ticketTags} where ${ticketTags.tagId} = ${tags.id})`.mapWith(Number);

export async function loadTagView(db: Db, companyId: number, id: number): Promise<TagView | undefined> {
  return db
    .select({ ...tagColumns, ticketsCount })
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.companyId, companyId)))
    .get();
}

export async function publishTag(ctx: Ctx, action: "create" | "update", tag: Pick<Tag, keyof typeof tagColumns>) {
  const { id, name, color, kanban, userId } = tag;
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "tag", action, tag: { id, name, color, kanban, userId } } }]);
}
