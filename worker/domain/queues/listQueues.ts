import { asc, eq } from "drizzle-orm";
import { queues } from "../../db/schema";
import type { Ctx } from "../context";

/**
 * The company's queues, for selectors (inbox queue filter, new-ticket and transfer dialogs, user dialog).
 * Everyone may read them; editing queues comes with the /queues page.
 */
export async function listQueues({ ctx }: { ctx: Ctx }) {
  return ctx.db
    .select({ id: queues.id, name: queues.name, color: queues.color, orderQueue: queues.orderQueue, greetingMessage: queues.greetingMessage })
    .from(queues)
    .where(eq(queues.companyId, ctx.companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}
