import { and, eq } from "drizzle-orm";
import { contactListChecks, type ContactListCheck } from "../../db/tenant";
import type { AnyCtx } from "../context";
import type { ContactListCheckView } from "../../contracts/views/contactList";

/** Batches of this many numbers per session-host call (its CHECK_NUMBERS_MAX). */
export { CHECK_NUMBERS_MAX as CHECK_BATCH_SIZE } from "../../contracts/bridge";

/** A running check that has not moved for this long lost its job chain (a deploy, a queue outage): it may be resumed. */
export const CHECK_STALL_MS = 2 * 60 * 1000;

export function presentCheck(check: ContactListCheck, now = Date.now()): ContactListCheckView {
  return {
    id: check.id,
    contactListId: check.contactListId,
    whatsappId: check.whatsappId,
    status: check.status,
    total: check.total,
    checked: check.checked,
    valid: check.valid,
    invalid: check.invalid,
    unknown: check.unknown,
    error: check.error,
    startedAt: check.startedAt.toISOString(),
    finishedAt: check.finishedAt?.toISOString() ?? null,
    /** Running, but nothing moved for a while: the page offers to resume it. */
    stalled: check.status === "running" && now - check.updatedAt.getTime() > CHECK_STALL_MS,
  };
}
export type PresentedContactListCheck = ContactListCheckView;

export async function loadCheck(ctx: Pick<AnyCtx, "db" | "companyId">, contactListId: number) {
  return ctx.db
    .select()
    .from(contactListChecks)
    .where(and(eq(contactListChecks.companyId, ctx.companyId), eq(contactListChecks.contactListId, contactListId)))
    .get();
}

/** The check's progress to the company's admins (the only ones who see contact lists). */
export async function publishCheck(ctx: Pick<AnyCtx, "hub">, check: ContactListCheck) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListCheck", action: "update", check: presentCheck(check) } }]);
}
