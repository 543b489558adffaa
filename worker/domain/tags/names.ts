import { and, eq, ne, sql } from "drizzle-orm";
import { tags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** The unique index behind "one tag per name" (for the race two requests win together). */
export const TAG_NAME_UNIQUE = "tags.company_id, tags.name";

/** 409 when the company already has a tag of that name (letter case aside). */
export async function assertTagNameFree(ctx: Ctx, name: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), sql`${tags.name} = ${name} collate nocase`, exceptId ? ne(tags.id, exceptId) : undefined))
    .get();
  if (taken) throw new AppError("ERR_DUPLICATED_TAG", undefined, { tagId: taken.id });
}
