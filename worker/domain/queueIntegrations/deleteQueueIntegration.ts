import { and, eq } from "drizzle-orm";
import { queueIntegrations } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertIntegrationAccess } from "./access";
import { recordAudit } from "../audit/recordAudit";

/** Deletes an integration; queues, connections and tickets that used it keep their rows without it (set null). */
export async function deleteQueueIntegration({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertIntegrationAccess(ctx);
  // The deletion and its entry: one transaction.
  const gone = ctx.db.transaction(() => {
    const deleted = ctx.db
      .delete(queueIntegrations)
      .where(and(eq(queueIntegrations.id, input.id), eq(queueIntegrations.companyId, ctx.companyId)))
      .returning({ id: queueIntegrations.id, name: queueIntegrations.name, type: queueIntegrations.type })
      .get();
    if (deleted) recordAudit(ctx, { action: "integration.deleted", target: { type: "queueIntegration", id: deleted.id, label: deleted.name }, detail: { type: deleted.type } });
    return deleted;
  });
  if (!gone) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND");
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "queueIntegration", action: "delete", integrationId: input.id } }]);
}
