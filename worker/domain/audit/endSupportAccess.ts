import { and, eq, isNull } from "drizzle-orm";
import type { SupportAccessView } from "../../contracts/audit";
import { supportAccesses } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { platformAuditInsertWhere } from "./recordPlatformAudit";
import { recordInCompany } from "./recordInCompany";
import { companyName, supportAccessView } from "./supportAccess";

/**
 * A super admin ends a support access before its time (issue 28): `support.accessEnded` in the platform's log (with the
 * change) and in the company's. One already ended or past its time is answered as it is, with nothing recorded (its
 * end was recorded when it happened, or is by the company's hub).
 */
export async function endSupportAccess({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<SupportAccessView> {
  requirePermission(ctx, "audit:platform");
  const access = await ctx.control.select().from(supportAccesses).where(eq(supportAccesses.id, input.id)).get();
  if (!access) throw new AppError("ERR_NO_SUPPORT_ACCESS_FOUND");
  const name = await companyName(ctx.control, access.companyId);
  const now = new Date();
  if (access.endedAt !== null || access.expiresAt <= now) return supportAccessView(access, name);
  const detail = { reason: "ended" };
  const running = and(eq(supportAccesses.id, access.id), isNull(supportAccesses.endedAt));
  const target = { type: "supportAccess", id: access.id, label: access.superName };
  const [, ended] = await ctx.control.batch([
    platformAuditInsertWhere(ctx, { action: "support.accessEnded", company: { id: access.companyId, name }, target, detail }, supportAccesses, running),
    ctx.control.update(supportAccesses).set({ endedAt: now }).where(running).returning(),
  ]);
  if (ended.length === 0) return supportAccessView({ ...access, endedAt: now }, name);
  await recordInCompany(ctx, access.companyId, { action: "support.accessEnded", target, detail });
  return supportAccessView(ended[0]!, name);
}
