import { asc, eq } from "drizzle-orm";
import { users } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { userColumns, withQueues } from "./view";

/**
 * GET /api/v1/users: every user of the company with their queues, by name (a company has as many users as its plan
 * allows, so no paging). The users page's permission: an integration acts as the admin who made its token.
 */
export async function listUsersWithQueues({ ctx }: { ctx: Ctx }) {
  requirePermission(ctx, "users:manage");
  const rows = await ctx.db.select(userColumns).from(users).where(eq(users.companyId, ctx.companyId)).orderBy(asc(users.name), asc(users.id));
  return withQueues(ctx.db, ctx.companyId, rows);
}
