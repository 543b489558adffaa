import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SupportAccessView } from "../../contracts/audit";
import { companies, supportAccesses } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { supportAccessView } from "./supportAccess";

/** A super admin's view: the latest support accesses (of one company when asked), newest first. */
export async function listSupportAccesses({ ctx, input }: { ctx: Ctx; input: { companyId?: number } }): Promise<SupportAccessView[]> {
  requirePermission(ctx, "audit:platform");
  return viewsOf(ctx, input.companyId !== undefined ? eq(supportAccesses.companyId, input.companyId) : undefined, 100);
}

/** A company's admins: the support accesses to their company running now (the audit page's banner). */
export async function runningSupportAccesses({ ctx }: { ctx: Ctx }): Promise<SupportAccessView[]> {
  requirePermission(ctx, "audit:view");
  return viewsOf(ctx, and(eq(supportAccesses.companyId, ctx.companyId), isNull(supportAccesses.endedAt), gt(supportAccesses.expiresAt, new Date())), 20);
}

async function viewsOf(ctx: Ctx, where: ReturnType<typeof and>, limit: number): Promise<SupportAccessView[]> {
  const rows = await ctx.control
    .select({ access: supportAccesses, companyName: companies.name })
    .from(supportAccesses)
    .leftJoin(companies, eq(companies.id, supportAccesses.companyId))
    .where(where)
    .orderBy(desc(supportAccesses.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((r) => supportAccessView(r.access, r.companyName, now));
}
