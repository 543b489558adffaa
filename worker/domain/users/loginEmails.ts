import { and, eq, sql } from "drizzle-orm";
import { loginEmails } from "../../db/control";
import { users } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { limits, returnHit, takeHits } from "../shared/rateLimit";

/**
 * The login index (control database, ADR 0016): every user's e-mail, unique across the platform, names the company
 * that signs in with it. A company's own `users` table only knows its own users, so this index is what keeps an
 * address from being used by two companies. The hub keeps it: an address is claimed before a user row takes it,
 * pointed at the user once written, and released when the user leaves it (an e-mail change, a deletion).
 */
type IndexCtx = Pick<Ctx, "db" | "control" | "companyId">;

/**
 * Claims `email` for the company (user 0 while the user row is not written yet), or points it at `userId`. A company
 * can always re-claim its own address; one another company holds answers no row, and this throws 409.
 */
export async function claimLoginEmail(ctx: IndexCtx, email: string, userId = 0): Promise<void> {
  const row = await ctx.control
    .insert(loginEmails)
    .values({ email, companyId: ctx.companyId, userId })
    .onConflictDoUpdate({
      target: loginEmails.email,
      set: { userId: sql`excluded.user_id` },
      setWhere: sql`${loginEmails.companyId} = excluded.company_id`,
    })
    .returning({ companyId: loginEmails.companyId })
    .get();
  if (!row) throw new AppError("ERR_EMAIL_IN_USE");
}

/** 409 when another user of this company has the address already (read locally, before any control write). */
export async function assertEmailFree(ctx: IndexCtx, email: string, exceptUserId?: number): Promise<void> {
  const taken = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (taken && taken.id !== exceptUserId) throw new AppError("ERR_EMAIL_IN_USE");
}

/**
 * Runs `write`, the tenant write that gives a user `email` and answers the user's id, with the index kept around
 * it: the address claimed first (409 when another company has it), pointed at the user after, and the user's
 * `previous` address, if any, released. When `write` throws, the index entry is made to agree with the company's
 * users again before the error goes on; when pointing the entry at the user fails, `undo` takes the tenant write
 * back first (a new user is deleted), so that neither side keeps what the other lacks.
 */
export async function withLoginEmail(ctx: IndexCtx, email: string, write: () => Promise<number>, previous?: string, undo?: (userId: number) => void) {
  await claimRateLimited(ctx, email);
  let userId: number;
  try {
    userId = await write();
  } catch (err) {
    await reconcile(ctx, email).catch((e) => console.error("could not reconcile the login index", { email, err: String(e) }));
    throw err;
  }
  try {
    await claimLoginEmail(ctx, email, userId);
  } catch (err) {
    if (undo) {
      undo(userId);
      await reconcile(ctx, email).catch((e) => console.error("could not reconcile the login index", { email, err: String(e) }));
    }
    throw err;
  }
  if (previous !== undefined && previous !== email) await releaseLoginEmail(ctx, previous);
  return userId;
}

/**
 * Claims an address, within the company's budget of addresses found taken by another company (docs/security.md:
 * such a 409 tells that the address has an account on the platform). Every claim is counted before it is asked, and
 * given back when the address was free, so only conflicts use the budget; once it is spent, every claim answers 429
 * until the window ends, a free address as much as a taken one, so the refusal itself tells nothing.
 */
async function claimRateLimited(ctx: IndexCtx, email: string): Promise<void> {
  const hit = { key: `email-conflict:company:${ctx.companyId}`, limit: limits.emailConflictPerCompany };
  await takeHits(ctx.control, [hit]);
  await claimLoginEmail(ctx, email);
  await returnHit(ctx.control, hit);
}

/** Drops the company's index entry for an address none of its users has any more (after the tenant write). */
export async function releaseLoginEmail(ctx: IndexCtx, email: string): Promise<void> {
  await ctx.control.delete(loginEmails).where(and(eq(loginEmails.email, email), eq(loginEmails.companyId, ctx.companyId)));
}

/**
 * After a failed write the entry follows the company's users: a user who has the address (one that won a race for
 * it) keeps it; otherwise the claim is dropped.
 */
async function reconcile(ctx: IndexCtx, email: string): Promise<void> {
  const owner = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (owner) await claimLoginEmail(ctx, email, owner.id);
  else await releaseLoginEmail(ctx, email);
}
