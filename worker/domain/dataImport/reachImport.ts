import { eq } from "drizzle-orm";
import { companyOfId } from "../../contracts/ids";
import { companies } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";

/**
 * The company an import belongs to: its id is in that company's range (ids are platform-wide, ADR 0044), so the
 * import is found in that company's hub. Platform admins only; an id of no company is 404.
 */
export async function importCompany(ctx: Ctx, importId: number): Promise<{ id: number; name: string }> {
  requirePermission(ctx, "companies:manage");
  const companyId = companyOfId(importId);
  const found = await ctx.control.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).get();
  if (!found) throw new AppError("ERR_NOT_FOUND", "No such import.");
  return found;
}
