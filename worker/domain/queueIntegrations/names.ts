import { and, eq, ne, sql } from "drizzle-orm";
import { queueIntegrations } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

export const INTEGRATION_NAME_UNIQUE = "queue_integrations.company_id, queue_integrations.name";

/** 409 when the company already has an integration of that name (letter case aside). */
export async function assertIntegrationNameFree(ctx: Ctx, name: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, ctx.companyId), sql`${queueIntegrations.name} = ${name} collate nocase`, exceptId ? ne(queueIntegrations.id, exceptId) : undefined))
    .get();
  if (taken) throw new AppError("ERR_DUPLICATED_INTEGRATION", undefined, { integrationId: taken.id });
}
