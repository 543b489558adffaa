import type { AuditPage, AuditQuery } from "../../contracts/audit";
import { can } from "../permissions";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { readAuditPage, type AuditFilter } from "./readAuditPage";
import { requireSupportAccess } from "./supportAccess";

/**
 * Which company's log a request reads: the caller's own; another only for a super admin during a support access of
 * theirs to it (issue 28). Anyone else naming another company gets 404, as for any of its data.
 */
export async function auditCompanyOf(ctx: Ctx, companyId: number | undefined): Promise<number> {
  requirePermission(ctx, "audit:view");
  if (companyId === undefined || companyId === ctx.companyId) return ctx.companyId;
  if (!can(ctx.user, "audit:platform")) throw new AppError("ERR_NO_COMPANY_FOUND");
  await requireSupportAccess(ctx, companyId);
  return companyId;
}

/** A page of a company's log for the caller (auditCompanyOf), read in that company's hub. */
export async function readCompanyAudit(ctx: Ctx, companyId: number, filter: AuditFilter): Promise<AuditPage> {
  if (companyId === ctx.companyId) return readAuditPage(ctx.db, companyId, filter);
  return ctx.hubs.of(companyId).call("auditPage", filter);
}

/** GET /audit: the company's log, newest first, filtered by who, what and when, by cursor. */
export async function listAudit({ ctx, input }: { ctx: Ctx; input: AuditQuery }): Promise<AuditPage> {
  const companyId = await auditCompanyOf(ctx, input.companyId);
  return readCompanyAudit(ctx, companyId, input);
}
