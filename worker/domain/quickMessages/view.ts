import { and, eq } from "drizzle-orm";
import type { Delivery } from "../../contracts/ws";
import type { Db } from "../../db/client";
import { quickMessages, users, type QuickMessage } from "../../db/tenant";
import { canEditQuickMessage, canSeeQuickMessage } from "../permissions";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import type { QuickMessageView } from "../../contracts/views/quickMessage";

/** The quick message as the API answers it: mediaPath is the URL that serves the attachment, never its R2 key. */
export function presentQuickMessage(qm: QuickMessage): QuickMessageView {
  return {
    id: qm.id,
    shortcode: qm.shortcode,
    message: qm.message,
    geral: qm.geral,
    status: qm.status,
    userId: qm.userId,
    isMedia: qm.mediaPath !== null,
    mediaPath: qm.mediaPath !== null ? `/api/quick-messages/${qm.id}/media` : null,
    mediaName: qm.mediaName,
    createdAt: qm.createdAt,
    updatedAt: qm.updatedAt,
  };
}
export type PresentedQuickMessage = QuickMessageView;

export async function loadQuickMessage(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId)))
    .get();
}

/** A quick message the user may see (another company's, or a colleague's private one, is not found). */
export async function visibleQuickMessage(ctx: Ctx, id: number) {
  const qm = await loadQuickMessage(ctx.db, ctx.companyId, id);
  if (!qm || !canSeeQuickMessage(ctx.user, qm)) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND");
  return qm;
}

/** …and may change (403 when they may only see it). */
export async function editableQuickMessage(ctx: Ctx, id: number) {
  const qm = await visibleQuickMessage(ctx, id);
  if (!canEditQuickMessage(ctx.user, qm)) throw new AppError("ERR_NO_PERMISSION");
  return qm;
}

/**
 * Tells the company. A general quick message goes to everyone; a private one only to those who may see it,
 * while everyone else gets a delete (harmless if they never had it; needed when it stops being general).
 */
export async function publishQuickMessage(ctx: Ctx, action: "create" | "update", qm: QuickMessage) {
  const quickMessage = presentQuickMessage(qm);
  if (qm.geral) {
    await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "quickMessage", action, quickMessage } }]);
    return;
  }
  const team = await ctx.db.select({ id: users.id, profile: users.profile, super: users.super }).from(users).where(eq(users.companyId, ctx.companyId));
  const seers = team.filter((u) => canSeeQuickMessage(u, qm)).map((u) => u.id);
  const others = team.filter((u) => !seers.includes(u.id)).map((u) => u.id);
  const deliveries: Delivery[] = [{ audience: { kind: "users", userIds: seers }, event: { type: "quickMessage", action, quickMessage } }];
  if (action === "update" && others.length) {
    deliveries.push({ audience: { kind: "users", userIds: others }, event: { type: "quickMessage", action: "delete", quickMessageId: qm.id } });
  }
  await ctx.hub.publish(deliveries);
}

export async function publishQuickMessageDeleted(ctx: Ctx, id: number) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "quickMessage", action: "delete", quickMessageId: id } }]);
}
