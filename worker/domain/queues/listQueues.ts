import { asc, eq, sql } from "drizzle-orm";
import { queues } from "../../db/tenant";
import type { Ctx } from "../context";
import { presentQueue } from "./view";

/**
 * GET /queue: the company's queues, for the queues page and every selector (inbox queue filter, new-ticket and
 * transfer dialogs, user and prompt dialogs). Everyone may read them; only admins change them. Ordered by
 * orderQueue (unordered ones last), then name. Option trees come with GET /queue/:id.
 */
export async function listQueues({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db
    .select()
    .from(queues)
    .where(eq(queues.companyId, ctx.companyId))
    .orderBy(sql`${queues.orderQueue} is null`, asc(queues.orderQueue), asc(queues.name));
  return rows.map(presentQueue);
}
