import { and, count, eq } from "drizzle-orm";
import type { StartContactListCheckInput } from "../../contracts/contactLists";
import { contactListChecks, contactListItems, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { enqueueOutbound } from "../messages/enqueueOutbound";
import { CHECK_STALL_MS, loadCheck, presentCheck, publishCheck } from "./checkView";
import { ownContactList, requireCampaigns } from "./view";

/** The connection that asks WhatsApp: the one chosen (the company's), else the company's default. */
async function checkingConnection(ctx: Ctx, whatsappId: number | null | undefined): Promise<number> {
  const row = await ctx.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), whatsappId ? eq(whatsapps.id, whatsappId) : eq(whatsapps.isDefault, true)))
    .get();
  if (!row) throw new AppError(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
  return row.id;
}

/**
 * POST /contact-lists/:id/whatsapp-check (ADR 0039): checks every number of the list on WhatsApp in the background,
 * a batch per OUTBOUND job. A finished check starts over (results cleared); a failed or stalled one resumes where it
 * stopped; one still moving answers 409.
 */
export async function startContactListCheck({ ctx, input }: { ctx: Ctx; input: { id: number } & StartContactListCheckInput }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  const whatsappId = await checkingConnection(ctx, input.whatsappId);
  const now = new Date();
  const existing = await loadCheck(ctx, list.id);
  if (existing?.status === "running" && now.getTime() - existing.updatedAt.getTime() <= CHECK_STALL_MS) {
    throw new AppError("ERR_CONTACT_LIST_CHECK_RUNNING");
  }
  const resume = existing && existing.status !== "done" && existing.cursor > 0;
  const check = ctx.db.transaction((tx) => {
    if (resume) {
      return tx
        .update(contactListChecks)
        .set({ status: "running", error: null, whatsappId, finishedAt: null, updatedAt: now })
        .where(eq(contactListChecks.id, existing.id))
        .returning()
        .get();
    }
    const total = tx.select({ n: count() }).from(contactListItems).where(eq(contactListItems.contactListId, list.id)).get()?.n ?? 0;
    tx.update(contactListItems)
      .set({ whatsappCheck: null, whatsappCheckedAt: null })
      .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.contactListId, list.id)))
      .run();
    const fresh = { whatsappId, userId: ctx.user.id, status: "running" as const, cursor: 0, total, checked: 0, valid: 0, invalid: 0, unknown: 0, error: null, startedAt: now, finishedAt: null, updatedAt: now };
    if (existing) {
      return tx
        .update(contactListChecks)
        .set({ ...fresh, run: existing.run + 1 })
        .where(eq(contactListChecks.id, existing.id))
        .returning()
        .get();
    }
    return tx.insert(contactListChecks).values({ ...fresh, companyId: ctx.companyId, contactListId: list.id, run: 1 }).returning().get();
  });
  await enqueueOutbound(ctx, { kind: "contactListCheck", companyId: ctx.companyId, checkId: check.id, run: check.run, cursor: check.cursor });
  await publishCheck(ctx, check);
  // The alarm watches a running check and queues its batch again if the job chain is lost.
  await ctx.hub.workChanged();
  if (!resume) await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListItem", action: "reload", contactListId: list.id } }]);
  return { check: presentCheck(check) };
}
