import { eq } from "drizzle-orm";
import { companies } from "../../db/schema";
import { publish } from "../../hub/publish";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { PLATFORM_COMPANY_ID } from "../settings/platform";

/**
 * Deletes a company and, by cascade, everything it owns (users and their sessions, connections, tickets, …).
 * Its users' next request answers 401; their open tabs are told now.
 */
export async function deleteCompany({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "companies:manage");
  if (input.id === ctx.companyId) throw new AppError("ERR_CANNOT_DELETE_OWN_COMPANY");
  if (input.id === PLATFORM_COMPANY_ID) {
    throw new AppError("ERR_CANNOT_DELETE_OWN_COMPANY", "The platform company cannot be deleted.");
  }
  const deleted = await ctx.db.delete(companies).where(eq(companies.id, input.id)).returning({ id: companies.id });
  if (deleted.length === 0) throw new AppError("ERR_NO_COMPANY_FOUND");
  const event = { type: "company", action: "delete", companyId: input.id } as const;
  await publish(ctx.env, input.id, [{ audience: { kind: "company" }, event }]);
  await publish(ctx.env, ctx.companyId, [{ audience: { kind: "admins" }, event }]);
}
