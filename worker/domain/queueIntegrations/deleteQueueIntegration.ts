import { and, eq } from "drizzle-orm";
import { queueIntegrations } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertIntegrationAccess } from "./access";

/** Deletes an integration; queues, connections and tickets that used it keep their rows without it (set null). */
export async function deleteQueueIntegration({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertIntegrationAccess(ctx);
  const gone = await ctx.db
    .delete(queueIntegrations)
    .where(and(eq(queueIntegrations.id, input.id), eq(queueIntegrations.companyId, ctx.companyId)))
    .returning({ id: queueIntegrations.id })
    .get();
  if (!gone) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND");
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "queueIntegration", action: "delete", integrationId: input.id } }]);
}
