import type { ClientInfo, Ctx } from "../context";
import { recordAudit, type AuditRecord } from "./recordAudit";

/**
 * An entry in a company's log for what a super admin did to it from the platform (its plan, its status, a support
 * access). In the caller's own hub it is written at once; another company's is written by its hub (the `recordAudit`
 * call), after the platform's change has landed: the two databases share no transaction, so a failure here is logged
 * and the platform's own log (written with the change) still has it.
 */
export async function recordInCompany(ctx: Ctx, companyId: number, record: AuditRecord): Promise<void> {
  const actor = record.actor ?? { kind: companyId === ctx.user.companyId ? "user" : "super", id: ctx.user.id, name: ctx.user.name };
  const full: AuditRecord = { ...record, actor };
  if (companyId === ctx.companyId) {
    recordAudit(ctx, full);
    return;
  }
  try {
    await ctx.hubs.of(companyId).call("recordAudit", { record: full, client: ctx.client ?? null });
  } catch (err) {
    console.error("company audit entry failed", { companyId, action: record.action, err: String(err) });
  }
}

export type { ClientInfo };
