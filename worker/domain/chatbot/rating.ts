import { and, desc, eq } from "drizzle-orm";
import { tickets, ticketTracking, userRatings, type Whatsapp } from "../../db/tenant";
import { raiseRatingReceived } from "../publicApi/raiseChanges";
import { contactTexts, ratingPrompt } from "../contactTexts";
import type { SystemCtx } from "../context";
import { settingsFor } from "../settings/companySettingValues";
import { lastSentByUs } from "./botState";
import { botSay } from "./botSay";

/** A rating prompt is answered within this time; later replies start a new conversation. */
export const RATING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Ratings (spec 000 constants): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export type Rate = 1 | 2 | 3;

/** Whether the closed ticket is waiting for the contact's rating (the last thing we sent was the prompt). */
export async function awaitingRating(ctx: SystemCtx, ticketId: number, now = new Date()) {
  const last = await lastSentByUs(ctx, ticketId);
  if (!last || (last.kind !== "rating" && last.kind !== "ratingRepeat")) return null;
  if (now.getTime() - last.at.getTime() > RATING_WINDOW_MS) return null;
  return last.kind;
}

/** A reply to the prompt read as a rating: "1", " 2 ", "3"; anything else is not one. */
export function rateOf(body: string): Rate | null {
  const digit = /^\s*([1-3])\s*$/.exec(body)?.[1];
  return digit ? (Number(digit) as Rate) : null;
}

/**
 * The rating prompt said on a connection, in the company's language: the connection's own message when it has
 * one, else the company's (setting ratingMessage), else the language's default; then the numbered options.
 * So switching userRating on is enough for ratings to work.
 */
export async function ratingPromptOf(ctx: Pick<SystemCtx, "db" | "companyId" | "companySettings">, conn: Pick<Whatsapp, "ratingMessage">): Promise<string> {
  const settings = await settingsFor(ctx, ["language", "ratingMessage"]);
  return ratingPrompt(contactTexts(settings.language), conn.ratingMessage.trim() || settings.ratingMessage);
}

/**
 * The contact's reply to the rating prompt: 1–3 is the rating (saved for the agent who closed the ticket, then
 * the completion message, or the language's thanks when the connection has none); anything else is kept as an
 * ordinary message and the prompt repeated once; after that the conversation goes on as a new turn ("gave-up":
 * the caller returns the ticket to pending).
 */
export async function answerRating(
  ctx: SystemCtx,
  input: { ticketId: number; userId: number | null; body: string; prompt: "rating" | "ratingRepeat"; conn: Pick<Whatsapp, "ratingMessage" | "complationMessage"> },
): Promise<"rated" | "repeated" | "gave-up"> {
  const rate = rateOf(input.body);
  if (rate) {
    const now = new Date();
    const lastClose = ctx.db
      .select({ id: ticketTracking.id })
      .from(ticketTracking)
      .where(and(eq(ticketTracking.companyId, ctx.companyId), eq(ticketTracking.ticketId, input.ticketId)))
      .orderBy(desc(ticketTracking.id))
      .limit(1);
    await ctx.db.batch([
      ctx.db.insert(userRatings).values({ companyId: ctx.companyId, ticketId: input.ticketId, userId: input.userId, rate, createdAt: now }),
      ctx.db.update(ticketTracking).set({ rated: true, ratingAt: now }).where(eq(ticketTracking.id, lastClose)),
    ]);
    const ticket = ctx.db.select({ contactId: tickets.contactId }).from(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, input.ticketId))).get();
    if (ticket) raiseRatingReceived(ctx, { ticketId: input.ticketId, contactId: ticket.contactId, userId: input.userId, rating: rate });
    // A rating is always thanked: with the connection's own completion message, else the language's thanks.
    const thanks = input.conn.complationMessage.trim() || contactTexts((await settingsFor(ctx, ["language"])).language).ratingThanks;
    await botSay(ctx, input.ticketId, "completion", thanks);
    return "rated";
  }
  if (input.prompt === "rating") {
    await botSay(ctx, input.ticketId, "ratingRepeat", await ratingPromptOf(ctx, input.conn));
    return "repeated";
  }
  return "gave-up";
}
