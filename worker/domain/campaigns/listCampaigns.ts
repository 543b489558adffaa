import { and, desc, eq } from "drizzle-orm";
import type { ListCampaignsQuery } from "../../contracts/campaigns";
import { campaigns } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { containsText, pageOf } from "../shared/paging";
import { count } from "drizzle-orm";
import { campaignsQuery, presentCampaign } from "./view";

/** GET /campaigns: newest first, searched by name, 20 per page (spec 002: records, hasMore). */
export async function listCampaigns({ ctx, input }: { ctx: Ctx; input: ListCampaignsQuery }) {
  await requireCampaigns(ctx);
  const where = and(
    eq(campaigns.companyId, ctx.companyId),
    input.searchParam ? containsText(campaigns.name, input.searchParam) : undefined,
    input.status ? eq(campaigns.status, input.status) : undefined,
  );
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    campaignsQuery(ctx.db, where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(campaigns).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { records: rows.map(presentCampaign), count: n, hasMore: page.hasMore(n) };
}
