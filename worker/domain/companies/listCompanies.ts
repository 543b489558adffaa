import { asc, count, eq, or } from "drizzle-orm";
import type { PagedSearchQuery } from "../../contracts/users";
import { companies, plans } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { companyWithPlan, viewOfRow } from "./view";

/** The Empresas tab: companies by name, searched over name, email and phone, 20 per page. */
export async function listCompanies({ ctx, input }: { ctx: Ctx; input: PagedSearchQuery }) {
  requirePermission(ctx, "companies:manage");
  const term = input.searchParam;
  const where = term
    ? or(containsText(companies.name, term), containsText(companies.email, term), containsText(companies.phone, term))
    : undefined;
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.control
      .select(companyWithPlan)
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.control.select({ n: count() }).from(companies).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { companies: rows.map(viewOfRow), count: n, hasMore: page.hasMore(n) };
}
