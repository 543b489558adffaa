import { and, eq } from "drizzle-orm";
import { users } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { recordAudit } from "../audit/recordAudit";
import { releaseLoginEmail } from "./loginEmails";
import { closeSockets, revokeSessions } from "./sessions";

/**
 * Deletes a user of the company: their sessions end (next request answers 401, open tabs are closed).
 * Nobody deletes themself, and only a platform admin deletes a platform admin.
 */
export async function deleteUser({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "users:manage");
  const mine = and(eq(users.id, input.id), eq(users.companyId, ctx.companyId));
  const target = await ctx.db.select({ id: users.id, name: users.name, email: users.email, profile: users.profile, super: users.super }).from(users).where(mine).get();
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  if (target.id === ctx.user.id) throw new AppError("ERR_CANNOT_DELETE_SELF");
  if (target.super && !ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
  // Sessions end first so the user cannot take a ticket while their open ones go back to the waiting list.
  await revokeSessions(ctx.db, target.id, "deleted");
  await ctx.hub.command("releaseUserTickets", { userId: target.id });
  // The entry is written with the deletion, the decisive step (the sessions' end and the tickets' release before it
  // do not remove the user): one transaction.
  ctx.db.transaction(() => {
    ctx.db.delete(users).where(mine).run();
    recordAudit(ctx, { action: "user.deleted", target: { type: "user", id: target.id, label: target.name }, detail: { email: target.email, profile: target.profile } });
  });
  // The address leaves the login index with its user (another company may take it from now on).
  await releaseLoginEmail(ctx, target.email);
  await closeSockets(ctx, target.id);
  await ctx.hub.publish([
    { audience: { kind: "company" }, event: { type: "user", action: "delete", userId: target.id } },
  ]);
}
