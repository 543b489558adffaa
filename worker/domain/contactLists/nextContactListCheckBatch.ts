import { and, asc, eq, gt } from "drizzle-orm";
import type { ContactListCheckJob } from "../../contracts/outbound";
import { contactListChecks, contactListItems } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { CHECK_BATCH_SIZE } from "./checkView";

/**
 * The numbers a check job asks about: the next batch of the list's items after the job's cursor, or null when the
 * job is not the check's current one (a newer run, a redelivered job whose batch was already recorded, a check that
 * stopped). The session host is called outside the hub, by the job (worker/jobs/contactListCheck.ts).
 */
export async function nextContactListCheckBatch({ ctx, input }: { ctx: SystemCtx; input: Omit<ContactListCheckJob, "kind" | "companyId"> }) {
  const check = await ctx.db
    .select()
    .from(contactListChecks)
    .where(and(eq(contactListChecks.companyId, ctx.companyId), eq(contactListChecks.id, input.checkId)))
    .get();
  if (!check || check.status !== "running" || check.run !== input.run || check.cursor !== input.cursor || !check.whatsappId) return null;
  const items = await ctx.db
    .select({ id: contactListItems.id, number: contactListItems.number })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, check.contactListId), gt(contactListItems.id, input.cursor)))
    .orderBy(asc(contactListItems.id))
    .limit(CHECK_BATCH_SIZE)
    .all();
  return { whatsappId: check.whatsappId, items };
}
