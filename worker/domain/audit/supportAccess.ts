import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { SupportAccessView } from "../../contracts/audit";
import { companies, supportAccesses, type SupportAccessRow } from "../../db/control";
import type { ControlDb } from "../../db/client";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** The support access of this super admin to the company that is running now, if any. */
export async function runningSupportAccess(control: ControlDb, companyId: number, superUserId: number, now = new Date()) {
  return control
    .select()
    .from(supportAccesses)
    .where(
      and(
        eq(supportAccesses.companyId, companyId),
        eq(supportAccesses.superUserId, superUserId),
        isNull(supportAccesses.endedAt),
        gt(supportAccesses.expiresAt, now),
      ),
    )
    .orderBy(desc(supportAccesses.expiresAt))
    .get();
}

/**
 * What a super admin needs to read or change a company's own data (its settings, hours, log; issue 28): a running
 * support access of theirs to it. Their own company needs none; anyone else is refused as before (403); an unknown
 * company is 404.
 */
export async function requireSupportAccess(ctx: Pick<Ctx, "user" | "companyId" | "control">, companyId: number): Promise<void> {
  if (companyId === ctx.companyId) return;
  if (!can(ctx.user, "audit:platform")) throw new AppError("ERR_NO_PERMISSION");
  const access = await runningSupportAccess(ctx.control, companyId, ctx.user.id);
  if (access) return;
  // No access to a company that does not exist is asked for: that is a 404, as before.
  if ((await companyName(ctx.control, companyId)) === null) throw new AppError("ERR_NO_COMPANY_FOUND");
  throw new AppError("ERR_SUPPORT_ACCESS_REQUIRED");
}

export function supportAccessView(row: SupportAccessRow, companyName: string | null, now = Date.now()): SupportAccessView {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    superUserId: row.superUserId,
    superName: row.superName,
    reason: row.reason,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    active: row.endedAt === null && row.expiresAt.getTime() > now,
  };
}

/** The company's name (null: it is gone). */
export async function companyName(control: ControlDb, companyId: number): Promise<string | null> {
  const row = await control.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).get();
  return row?.name ?? null;
}
