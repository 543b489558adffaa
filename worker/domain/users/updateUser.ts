import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { UpdateUserInput } from "../../contracts/users";
import { userQueues, users, type NewUser } from "../../db/tenant";
import { hashPassword } from "../../lib/crypto";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { recordAudit } from "../audit/recordAudit";
import { AppError, isUniqueViolation } from "../errors";
import { assertCurrentPassword } from "./currentPassword";
import { assertEmailFree, withLoginEmail } from "./loginEmails";
import { assertOwnReferences } from "./references";
import { closeSockets, revokeSessions } from "./sessions";
import { loadUserView, userSummary } from "./view";
import { scheduleAssignment } from "../assignment/scheduleAssignment";
import { auditStatement, type AuditRecord } from "../audit/recordAudit";
import { changesDetail } from "../audit/changes";

/**
 * Edits a user. An admin edits anyone of the company; anyone else only themself, and only what the account
 * menu's own-profile form has (name, email, password, language): other fields they send are ignored.
 * Profile and allTicket need user-modal:editProfile, queues and the default connection user-modal:editQueues,
 * and only a platform admin grants or removes super (an admin trying is refused; nobody may edit a
 * platform admin but a platform admin). A new password of one's own takes the current one; a new password ends
 * the user's other sessions.
 */
export async function updateUser({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateUserInput } }) {
  const { id, patch } = input;
  const target = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      super: users.super,
      passwordHash: users.passwordHash,
      profile: users.profile,
      allTicket: users.allTicket,
      language: users.language,
      whatsappId: users.whatsappId,
      maxOpenTickets: users.maxOpenTickets,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)))
    .get();
  if (!target) throw new AppError("ERR_NO_USER_FOUND");
  const isAdmin = can(ctx.user, "users:manage");
  const isSelf = target.id === ctx.user.id;
  if (!isAdmin && !isSelf) throw new AppError("ERR_NO_PERMISSION");
  if (target.super && !ctx.user.super) throw new AppError("ERR_NO_PERMISSION");

  const changes: Partial<NewUser> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.email !== undefined && patch.email !== target.email) changes.email = patch.email;
  if (patch.language !== undefined) changes.language = patch.language;
  if (patch.password !== undefined) {
    if (isSelf) await assertCurrentPassword(target.passwordHash, patch.currentPassword);
    changes.passwordHash = await hashPassword(patch.password);
  }
  if (isAdmin && can(ctx.user, "user-modal:editProfile")) {
    if (patch.profile !== undefined) changes.profile = patch.profile;
    if (patch.allTicket !== undefined) changes.allTicket = patch.allTicket;
  }
  let queueIds: number[] | undefined;
  if (isAdmin && can(ctx.user, "user-modal:editQueues")) {
    if (patch.whatsappId !== undefined) changes.whatsappId = patch.whatsappId;
    if (patch.queueIds !== undefined) queueIds = [...new Set(patch.queueIds)];
  }
  // Capacity is the admin's to set (automatic assignment, issue 26); lowered below what the agent holds, nothing is
  // taken from them: they get no more until they are under it.
  if (isAdmin && patch.maxOpenTickets !== undefined) changes.maxOpenTickets = patch.maxOpenTickets;
  if (patch.super !== undefined && patch.super !== target.super) {
    if (ctx.user.super) changes.super = patch.super;
    else if (isAdmin) throw new AppError("ERR_NO_PERMISSION", "Only a platform admin can grant or remove super.");
  }

  await assertOwnReferences(ctx, { queueIds, whatsappId: changes.whatsappId });
  if (changes.email !== undefined) await assertEmailFree(ctx, changes.email, id);

  // Changing one's own password keeps the session it is changed from; every other session ends.
  const keepSessionId = isSelf ? ctx.user.sessionId : null;
  const writes: BatchItem<"sqlite">[] = [];
  if (queueIds !== undefined) {
    writes.push(ctx.db.delete(userQueues).where(eq(userQueues.userId, id)));
    // D1 binds at most 100 parameters per statement; each link row takes three.
    for (let i = 0; i < queueIds.length; i += 30) {
      writes.push(ctx.db.insert(userQueues).values(queueIds.slice(i, i + 30).map((queueId) => ({ userId: id, queueId }))));
    }
  }
  if (changes.passwordHash !== undefined) writes.push(revokeSessions(ctx.db, id, "password", keepSessionId));
  // The entries go in the edit's batch: they commit with it or not at all.
  for (const record of await userEditAudits(ctx, target, changes, queueIds)) writes.push(auditStatement(ctx, record));
  const write = async () => {
    try {
      await ctx.db.batch([
        ctx.db
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId))),
        ...writes,
      ]);
    } catch (err) {
      if (isUniqueViolation(err, "users.email")) throw new AppError("ERR_EMAIL_IN_USE");
      throw err;
    }
    return id;
  };
  // A new address is claimed in the login index before the row takes it; the old one is released after.
  if (changes.email !== undefined) await withLoginEmail(ctx, changes.email, write, target.email);
  else await write();

  const view = await loadUserView(ctx.db, ctx.companyId, id);
  if (!view) throw new AppError("ERR_NO_USER_FOUND");
  await ctx.hub.publish([
    { audience: { kind: "company" }, event: { type: "user", action: "update", userId: id, user: userSummary(view) } },
  ]);
  // Live sockets decide what this user may see from the new profile and queues.
  try {
    await ctx.hub.updateActor(id, {
      profile: view.profile,
      super: view.super,
      allTicket: view.allTicket,
      queueIds: view.queues.map((q) => q.id),
    });
  } catch (err) {
    console.error("could not update the user's sockets", { userId: id, err: String(err) });
  }
  if (changes.passwordHash !== undefined) await closeSockets(ctx, id, keepSessionId);
  // More room or new queues: waiting tickets may be theirs now.
  if (changes.maxOpenTickets !== undefined || queueIds !== undefined) scheduleAssignment(ctx, { userIds: [id] });
  return view;
}

/**
 * The audit entries of an edit: a profile change on its own (`user.profileChanged`, from/to), a new password on its
 * own (`auth.passwordChanged`, set by the user or by an admin; never the password), the other fields in one
 * `user.updated` with each changed field's from → to. None for an edit that changes nothing.
 */
async function userEditAudits(
  ctx: Ctx,
  target: { id: number; name: string; profile: string } & Record<string, unknown>,
  changes: Partial<NewUser>,
  queueIds: number[] | undefined,
): Promise<AuditRecord[]> {
  const user = { type: "user", id: target.id, label: changes.name ?? target.name };
  const records: AuditRecord[] = [];
  const { passwordHash, profile, updatedAt: _, ...fields } = changes;
  if (profile !== undefined && profile !== target.profile) {
    records.push({ action: "user.profileChanged", target: user, detail: { from: target.profile, to: profile } });
  }
  if (passwordHash !== undefined) {
    records.push({ action: "auth.passwordChanged", target: user, detail: { by: target.id === ctx.user.id ? "self" : "admin" } });
  }
  const before: Record<string, unknown> = { ...target };
  const after: Record<string, unknown> = { ...fields };
  if (queueIds !== undefined) {
    const rows = await ctx.db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, target.id));
    before.queueIds = rows.map((r) => r.queueId);
    after.queueIds = queueIds;
  }
  const detail = changesDetail(before, after);
  if (Object.keys(detail).length > 0) records.push({ action: "user.updated", target: user, detail });
  return records;
}
