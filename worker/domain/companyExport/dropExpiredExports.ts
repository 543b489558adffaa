import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyExports } from "../../db/tenant";
import type { SystemCtx } from "../context";

/** When the company's next finished archive expires (its file is then removed), or null when none is kept. */
export function nextExportExpiry(db: Db, companyId: number): number | null {
  const next = db
    .select({ expiresAt: companyExports.expiresAt })
    .from(companyExports)
    .where(and(eq(companyExports.companyId, companyId), eq(companyExports.state, "done"), isNotNull(companyExports.r2Key), isNotNull(companyExports.expiresAt)))
    .orderBy(asc(companyExports.expiresAt))
    .limit(1)
    .get();
  return next?.expiresAt?.getTime() ?? null;
}

/**
 * The archives whose link has expired leave R2 (a company's whole data must not outlive the 24 hours it was offered
 * for); the export stays listed, without its file.
 */
export async function dropExpiredExports({ ctx, input }: { ctx: SystemCtx; input: { now: number } }): Promise<number> {
  const expired = ctx.db
    .select({ id: companyExports.id, r2Key: companyExports.r2Key })
    .from(companyExports)
    .where(and(eq(companyExports.companyId, ctx.companyId), eq(companyExports.state, "done"), isNotNull(companyExports.r2Key), lte(companyExports.expiresAt, new Date(input.now))))
    .all();
  for (const row of expired) {
    await ctx.env.MEDIA.delete(row.r2Key!);
    ctx.db.update(companyExports).set({ r2Key: null }).where(and(eq(companyExports.id, row.id), eq(companyExports.companyId, ctx.companyId))).run();
  }
  return expired.length;
}
