import { and, eq, ne, sql } from "drizzle-orm";
import { prompts, queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { REQUIRED } from "../../contracts/fieldMessages";
import { AppError, fieldError } from "../errors";

/** The unique index behind "one prompt per name" (for the race two requests win together). */
export const PROMPT_NAME_UNIQUE = "prompts.company_id, prompts.name";

/** 409 when the company already has a prompt of that name (letter case aside). */
export async function assertPromptNameFree(ctx: Ctx, name: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.companyId, ctx.companyId), sql`${prompts.name} = ${name} collate nocase`, exceptId ? ne(prompts.id, exceptId) : undefined))
    .get();
  if (taken) throw new AppError("ERR_DUPLICATED_PROMPT", undefined, { promptId: taken.id });
}

/** The queue must be the company's own; another company's id reads as not found, named on the field. */
export async function assertPromptQueue(ctx: Ctx, queueId: number) {
  const queue = await ctx.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, queueId))).get();
  if (!queue) throw fieldError({ queueId: REQUIRED });
}
