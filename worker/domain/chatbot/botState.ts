import { and, desc, eq } from "drizzle-orm";
import { messages } from "../../db/tenant";
import type { SystemCtx } from "../context";

/** What the chatbot last sent on a ticket, recorded in the message's dataJson ({ bot: kind }). */
export type BotKind =
  | "greeting"
  | "queuesMenu"
  | "queueGreeting"
  | "optionsMenu"
  | "option"
  | "invalidOption"
  /** The menus ended: the contact was told they wait for an agent ("#" still brings the menu back). */
  | "waiting"
  | "outOfHours"
  | "rating"
  | "ratingRepeat"
  | "completion"
  | "expired"
  | "missedCall"
  /** The answer to a campaign recipient who opted out (worker/domain/inbound/contactMessageRules). */
  | "optOut"
  /** The AI assistant's answers (worker/domain/assistant). */
  | "assistant"
  /** Messages a queue integration answered with (worker/domain/integrations). */
  | "integration"
  /** Messages an automation rule said (worker/domain/automation/rules). */
  | "automation";

export type BotState = { kind: BotKind | null; at: Date } | null;

/** The last message we sent on a ticket (unawaited, to share a batch). */
export function lastSentByUsQuery(ctx: SystemCtx, ticketId: number) {
  return ctx.db
    .select({ dataJson: messages.dataJson, sentByBot: messages.sentByBot, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
}

/** What lastSentByUsQuery answered, read as the bot's state. */
export function botStateOf(rows: { dataJson: string | null; sentByBot: boolean; createdAt: Date }[]): BotState {
  const row = rows[0];
  if (!row) return null;
  let kind: BotKind | null = null;
  if (row.sentByBot && row.dataJson) {
    try {
      kind = (JSON.parse(row.dataJson) as { bot?: BotKind }).bot ?? null;
    } catch {
      kind = null;
    }
  }
  return { kind, at: row.createdAt };
}

/**
 * The bot's state lives in the conversation itself (the last message we sent and what it was), so it survives
 * restarts and deploys, unlike the in-memory state the anchors lose. Answers the kind of the last message we
 * sent on the ticket if the bot sent it, and when.
 */
export async function lastSentByUs(ctx: SystemCtx, ticketId: number): Promise<BotState> {
  return botStateOf(await lastSentByUsQuery(ctx, ticketId));
}
