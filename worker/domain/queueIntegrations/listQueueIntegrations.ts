import { and, asc, count, eq } from "drizzle-orm";
import type { ListQueueIntegrationsQuery } from "../../contracts/queueIntegrations";
import { queueIntegrations } from "../../db/tenant";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { assertIntegrationAccess } from "./access";
import { presentIntegration } from "./view";

/** The integrations page (spec 002: searchParam, pageNumber; queueIntegrations, count, hasMore), by name. */
export async function listQueueIntegrations({ ctx, input }: { ctx: Ctx; input: ListQueueIntegrationsQuery }) {
  await assertIntegrationAccess(ctx);
  const where = and(eq(queueIntegrations.companyId, ctx.companyId), input.searchParam ? containsText(queueIntegrations.name, input.searchParam) : undefined);
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(queueIntegrations).where(where).orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(queueIntegrations).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { queueIntegrations: rows.map(presentIntegration), count: n, hasMore: page.hasMore(n) };
}
