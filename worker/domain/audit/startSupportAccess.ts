import { sql } from "drizzle-orm";
import type { StartSupportAccessInput, SupportAccessView } from "../../contracts/audit";
import { platformAuditLog, supportAccesses } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { platformAuditValues } from "./recordPlatformAudit";
import { recordInCompany } from "./recordInCompany";
import { companyName, supportAccessView } from "./supportAccess";

/**
 * A super admin starts a time-boxed access to a company, with a reason (issue 28). The access and the platform's entry
 * are one batch; the company's log then gets `support.accessStarted` (actor kind `super`), which its admins see, and
 * its hub arms the access's end (hub/dueWork.ts "support access expiry").
 */
export async function startSupportAccess({ ctx, input }: { ctx: Ctx; input: StartSupportAccessInput }): Promise<SupportAccessView> {
  requirePermission(ctx, "audit:platform");
  if (input.companyId === ctx.companyId) throw fieldError({ companyId: "Your own company needs no support access" });
  const name = await companyName(ctx.control, input.companyId);
  if (name === null) throw new AppError("ERR_NO_COMPANY_FOUND");
  const startedAt = new Date();
  const expiresAt = new Date(startedAt.getTime() + input.minutes * 60_000);
  const detail = { reason: input.reason, minutes: input.minutes, expiresAt: expiresAt.getTime() };
  const [inserted] = await ctx.control.batch([
    ctx.control
      .insert(supportAccesses)
      .values({ companyId: input.companyId, superUserId: ctx.user.id, superName: ctx.user.name.slice(0, 200), reason: input.reason, startedAt, expiresAt })
      .returning(),
    ctx.control.insert(platformAuditLog).values({
      ...platformAuditValues(ctx, { action: "support.accessStarted", company: { id: input.companyId, name }, target: { type: "supportAccess" }, detail }),
      // The access just inserted by this batch: the newest of this super admin's.
      targetId: sql`(select cast(max(id) as text) from support_accesses where super_user_id = ${ctx.user.id})`,
    }),
  ]);
  const access = inserted[0]!;
  await recordInCompany(ctx, input.companyId, {
    action: "support.accessStarted",
    target: { type: "supportAccess", id: access.id, label: ctx.user.name },
    detail,
  });
  return supportAccessView(access, name);
}
