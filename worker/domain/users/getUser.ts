import { can } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadUserView } from "./view";

/** One user: an admin reads anyone of the company, everyone else only themself. */
export async function getUser({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const user = await loadUserView(ctx.db, ctx.companyId, input.id);
  if (!user) throw new AppError("ERR_NO_USER_FOUND");
  if (user.id !== ctx.user.id && !can(ctx.user, "users:manage")) throw new AppError("ERR_NO_PERMISSION");
  return user;
}
