import { and, desc, eq } from "drizzle-orm";
import { ticketTracking, userRatings, type Whatsapp } from "../../db/schema";
import type { SystemCtx } from "../context";
import { lastSentByUs } from "./botState";
import { botSay } from "./botSay";
import { ratingPrompt } from "./menus";

/** A rating prompt is answered within this time; later replies start a new conversation. */
export const RATING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether the closed ticket is waiting for the contact's rating (the last thing we sent was the prompt). */
export async function awaitingRating(ctx: SystemCtx, ticketId: number, now = new Date()) {
  const last = await lastSentByUs(ctx, ticketId);
  if (!last || (last.kind !== "rating" && last.kind !== "ratingRepeat")) return null;
  if (now.getTime() - last.at.getTime() > RATING_WINDOW_MS) return null;
  return last.kind;
}

/**
 * The contact's reply to the rating prompt: 1–3 is the rating (saved for the agent who closed the ticket, then
 * the completion message); anything else is kept as an ordinary message and the prompt repeated once; after
 * that the conversation goes on as a new turn ("gave-up": the caller returns the ticket to pending).
 */
export async function answerRating(
  ctx: SystemCtx,
  input: { ticketId: number; userId: number | null; body: string; prompt: "rating" | "ratingRepeat"; conn: Pick<Whatsapp, "ratingMessage" | "complationMessage"> },
): Promise<"rated" | "repeated" | "gave-up"> {
  const rate = /^\s*([1-3])\s*$/.exec(input.body)?.[1];
  if (rate) {
    const now = new Date();
    const lastClose = ctx.db
      .select({ id: ticketTracking.id })
      .from(ticketTracking)
      .where(and(eq(ticketTracking.companyId, ctx.companyId), eq(ticketTracking.ticketId, input.ticketId)))
      .orderBy(desc(ticketTracking.id))
      .limit(1);
    await ctx.db.batch([
      ctx.db.insert(userRatings).values({ companyId: ctx.companyId, ticketId: input.ticketId, userId: input.userId, rate: Number(rate), createdAt: now }),
      ctx.db.update(ticketTracking).set({ rated: true, ratingAt: now }).where(eq(ticketTracking.id, lastClose)),
    ]);
    await botSay(ctx, input.ticketId, "completion", input.conn.complationMessage);
    return "rated";
  }
  if (input.prompt === "rating") {
    await botSay(ctx, input.ticketId, "ratingRepeat", ratingPrompt(input.conn.ratingMessage));
    return "repeated";
  }
  return "gave-up";
}
