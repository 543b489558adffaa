import { and, eq } from "drizzle-orm";
import { contactLists, tags, whatsapps, type Campaign } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { ownFileList } from "../fileLists/view";
import { variantsOf } from "./storeCampaignMessage";

/** A scheduled time may be this far in the past (the time the form took to send): "now". */
export const SCHEDULE_SLACK_MS = 60_000;

/** What a campaign points at must be the company's: its connection, contact list, tag and file list (404 otherwise). */
export async function checkCampaignTargets(
  ctx: Ctx,
  target: { whatsappId?: number | null; contactListId?: number | null; tagListId?: number | null; fileListId?: number | null },
) {
  if (target.whatsappId) {
    const found = await ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, target.whatsappId))).get();
    if (!found) throw new AppError("ERR_NO_WAPP_FOUND");
  }
  if (target.contactListId) {
    const found = await ctx.db
      .select({ id: contactLists.id })
      .from(contactLists)
      .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, target.contactListId)))
      .get();
    if (!found) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
  }
  if (target.tagListId) {
    const found = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, target.tagListId))).get();
    if (!found) throw new AppError("ERR_NO_TAG_FOUND");
  }
  if (target.fileListId) await ownFileList(ctx, target.fileListId);
}

/** A campaign carries a single attachment or a file list, not both (ADR 0037). */
export function assertOneAttachment(c: { mediaPath: string | null; fileListId: number | null }) {
  if (c.mediaPath && c.fileListId) throw fieldError({ fileListId: "A campaign sends a single attachment or a file list, not both" });
}

/**
 * A campaign about to run needs a connection, an audience and a message (and a confirmation in confirmation mode);
 * one with a template (a Cloud API connection's, checked by checkCampaignTemplate) has its message.
 */
export function assertRunnable(c: Campaign) {
  const missing: Record<string, string> = {};
  if (!c.whatsappId) missing.whatsappId = "Required";
  if (!c.contactListId && !c.tagListId) missing.contactListId = "Choose a contact list or a tag";
  if (!c.template && variantsOf(c, "message").length === 0 && !c.mediaPath && !c.fileListId) missing.message1 = "Write at least one message";
  if (c.confirmation && variantsOf(c, "confirmation").length === 0) missing.confirmationMessage1 = "Write at least one confirmation message";
  if (Object.keys(missing).length) throw new AppError("ERR_CAMPAIGN_INCOMPLETE", undefined, { fields: missing });
}

export function assertScheduleTime(at: Date | null | undefined) {
  if (at && at.getTime() < Date.now() - SCHEDULE_SLACK_MS) throw fieldError({ scheduledAt: "Must be in the future" });
}
