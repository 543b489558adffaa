import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/**
 * Platform admins reach every company; anyone else only their own, and another company's id answers
 * 404 so that its existence is not revealed.
 */
export function assertCompanyReachable(ctx: Pick<Ctx, "user" | "companyId">, companyId: number): void {
  if (can(ctx.user, "companies:manage")) return;
  if (companyId !== ctx.companyId) throw new AppError("ERR_NO_COMPANY_FOUND");
}
