import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertIntegrationAccess } from "./access";
import { loadIntegration, presentIntegration } from "./view";

export async function getQueueIntegration({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertIntegrationAccess(ctx);
  const row = await loadIntegration(ctx.db, ctx.companyId, input.id);
  if (!row) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND");
  return presentIntegration(row);
}
