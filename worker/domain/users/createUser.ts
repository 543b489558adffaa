import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CreateUserInput } from "../../contracts/users";
import { runStatements } from "../../db/client";
import { userQueues, users, type User } from "../../db/tenant";
import { hashPassword } from "../../lib/crypto";
import { can } from "../permissions";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { assertUnderPlanLimit, withinPlanLimit } from "../plans/planLimits";
import { recordAudit } from "../audit/recordAudit";
import { withdrawAudit } from "../audit/changes";
import { assertEmailFree, withLoginEmail } from "./loginEmails";
import { assertOwnReferences } from "./references";
import { loadUserView, userSummary } from "./view";

/**
 * Adds a user to the company (users page). Profile and allTicket are only taken from someone allowed to
 * edit profiles, queues and the default connection from someone allowed to edit queues; otherwise the
 * defaults apply (profile user, allTicket disabled). Only a platform admin may create a platform admin.
 */
export async function createUser({ ctx, input }: { ctx: Ctx; input: CreateUserInput }) {
  requirePermission(ctx, "users:manage");
  if (input.super && !ctx.user.super) throw new AppError("ERR_NO_PERMISSION", "Only a platform admin can grant super.");
  const editProfile = can(ctx.user, "user-modal:editProfile");
  const editQueues = can(ctx.user, "user-modal:editQueues");
  const queueIds = editQueues ? [...new Set(input.queueIds)] : [];
  const whatsappId = editQueues ? input.whatsappId : null;

  await assertOwnReferences(ctx, { queueIds, whatsappId });
  // A quick refusal when the plan is full already; the count that decides is the one in the write below.
  assertUnderPlanLimit(ctx.db, ctx.companyId, "users");
  await assertEmailFree(ctx, input.email);
  const passwordHash = await hashPassword(input.password);

  // The new id is not known inside the batch; the queue links find it by the unique email.
  const newUserId = sql<number>`(select ${users.id} from ${users} where ${users.email} = ${input.email})`;
  const links: BatchItem<"sqlite">[] = [];
  // D1 binds at most 100 parameters per statement; each link row takes three.
  for (let i = 0; i < queueIds.length; i += 30) {
    links.push(ctx.db.insert(userQueues).values(queueIds.slice(i, i + 30).map((queueId) => ({ userId: newUserId, queueId }))));
  }
  let created!: User;
  let entryId = 0;
  // Two databases, one decision. The hub's count is the authority on the plan's limit: it is counted and the row
  // inserted in one synchronous transaction (withinPlanLimit), so concurrent requests cannot all see room. The login
  // index in D1 (unique across companies) is reserved before that (user 0), so an address another company holds is
  // refused before any hub row exists; a hub write that fails (the plan full, a race on the address) releases the
  // reservation; and when pointing the reservation at the new user fails, the user row is deleted again (undo), so
  // the hub never keeps a user the index does not route to.
  await withLoginEmail(
    ctx,
    input.email,
    async () => {
      try {
        created = withinPlanLimit(ctx, "users", () => {
          const [rows] = runStatements([
            ctx.db
              .insert(users)
              .values({
                companyId: ctx.companyId,
                name: input.name,
                email: input.email,
                passwordHash,
                profile: editProfile ? input.profile : "user",
                allTicket: editProfile ? input.allTicket : "disabled",
                super: input.super,
                whatsappId,
                language: input.language,
                maxOpenTickets: input.maxOpenTickets,
              })
              .returning(),
            ...links,
          ]) as [User[]];
          const user = rows[0]!;
          // In the insert's transaction: the entry commits with the user or not at all.
          entryId = recordAudit(ctx, {
            action: "user.created",
            target: { type: "user", id: user.id, label: user.name },
            detail: { email: user.email, profile: user.profile, queues: queueIds.length, ...(user.super ? { super: true } : {}) },
          });
          return user;
        });
        return created.id;
      } catch (err) {
        if (isUniqueViolation(err, "users.email")) throw new AppError("ERR_EMAIL_IN_USE");
        throw err;
      }
    },
    undefined,
    // The user and its entry are taken back together.
    (userId) =>
      ctx.db.transaction(() => {
        ctx.db.delete(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, userId))).run();
        withdrawAudit(ctx, entryId);
      }),
  );

  await ctx.hub.publish([
    { audience: { kind: "company" }, event: { type: "user", action: "create", userId: created.id, user: userSummary(created) } },
  ]);
  const view = await loadUserView(ctx.db, ctx.companyId, created.id);
  if (!view) throw new AppError("ERR_NO_USER_FOUND");
  return view;
}
