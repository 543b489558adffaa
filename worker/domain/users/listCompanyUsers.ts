import { asc, eq } from "drizzle-orm";
import { users } from "../../db/tenant";
import type { Ctx } from "../context";

/** GET /users/list: every user of the company, for pickers (transfer, filters). Any logged-in user. */
export async function listCompanyUsers({ ctx }: { ctx: Ctx }) {
  return ctx.db
    .select({ id: users.id, name: users.name, profile: users.profile, online: users.online })
    .from(users)
    .where(eq(users.companyId, ctx.companyId))
    .orderBy(asc(users.name), asc(users.id));
}
