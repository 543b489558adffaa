import { and, eq, ne, sql } from "drizzle-orm";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";

/** The unique indexes behind "one queue per name" and "one queue per colour" (for the race two requests win together). */
const NAME_UNIQUE = "queues.company_id, queues.name";
const COLOR_UNIQUE = "queues.company_id, queues.color";

/**
 * 409 when another queue of the company has the name or the colour (letter case aside: "#ff0000" is "#FF0000").
 * The conflicting queue's id travels in the body.
 */
export async function assertQueueNameAndColorFree(ctx: Ctx, values: { name?: string; color?: string }, exceptId?: number) {
  const other = exceptId ? ne(queues.id, exceptId) : undefined;
  if (values.name !== undefined) {
    const taken = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, ctx.companyId), sql`${queues.name} = ${values.name} collate nocase`, other))
      .get();
    if (taken) throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", undefined, { queueId: taken.id });
  }
  if (values.color !== undefined) {
    const taken = await ctx.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, ctx.companyId), sql`${queues.color} = ${values.color} collate nocase`, other))
      .get();
    if (taken) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", undefined, { queueId: taken.id });
  }
}

/** A write that lost the race on a unique index, as the same 409 the pre-check gives. */
export function uniqueConflict(err: unknown): AppError | null {
  if (isUniqueViolation(err, NAME_UNIQUE)) return new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS");
  if (isUniqueViolation(err, COLOR_UNIQUE)) return new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  return null;
}
