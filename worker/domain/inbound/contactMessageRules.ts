import { and, eq } from "drizzle-orm";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import { tickets, type Whatsapp } from "../../db/tenant";
import { queueTakeoverTurns, takeoverOf, type Takeover } from "../assistant/answers";
import { campaignReplyOf, recordCampaignReply, type CampaignReply } from "../campaigns/campaignReply";
import { botStateOf, lastSentByUsQuery, type BotState } from "../chatbot/botState";
import { botSay } from "../chatbot/botSay";
import { answerRating, awaitingRating } from "../chatbot/rating";
import { chatbotAnswers, runChatbot } from "../chatbot/runChatbot";
import { contactTexts } from "../contactTexts";
import type { SystemCtx } from "../context";
import { settingsFor } from "../settings/companySettingValues";
import { scopeOf } from "../tickets/ticketEvents";
import type { InboundContact } from "./inboundContact";
import { returnToPending, type InboundTicket } from "./inboundTicket";
import { announce } from "./announce";

/** The connection a message came in on, as the inbound rules read it. */
export type InboundConnection = Pick<
  Whatsapp,
  | "id"
  | "companyId"
  | "greetingMessage"
  | "outOfHoursMessage"
  | "ratingMessage"
  | "complationMessage"
  | "maxUseBotQueues"
  | "timeUseBotQueues"
  | "sendIdQueue"
  | "promptId"
  | "integrationId"
  | "channel"
>;

/**
 * Everything a contact's message sets off, in one place that both inbound paths call — a message on its own
 * (ingestMessage) and the plain messages of a batch (ingestMessageRun) — so that no rule depends on the path a
 * message took. The batched path once skipped the campaign reply, and a recipient with a live ticket who answered
 * "SAIR" was never opted out (issue 31).
 *
 * Two steps:
 * - `landingOf`: where a message lands when its sender has no live ticket on the connection (only ingestMessage meets
 *   such a message; the batched path hands it over): the closed ticket waiting for a rating, the closed ticket an
 *   opt-out is kept on (no pending ticket for agents), else the latest ticket back to pending (reopening), else a
 *   new pending ticket.
 * - `CONTACT_MESSAGE_RULES`, once the message is stored, in order; a rule may stop those after it (an opt-out stops
 *   the chatbot's turn) or change the ticket for them (the chatbot hands it to the assistant). A new rule is one
 *   more entry there, and one more test on both paths (contactMessageRules.test.ts).
 *
 * Schedules set off nothing here: a schedule's message goes into the contact's live ticket, or a new pending one
 * (dispatchDueSchedules), so the contact's answer lands on it as any message does; there is no schedule reply rule.
 */

/** A contact's newly stored message, as the rules read (and change) it. */
export interface ContactMessage {
  m: BridgeInboundMessage;
  contact: InboundContact;
  /** The ticket it is stored on; a rule that changes it (the chatbot, a reopening) updates it for the rules after. */
  ticket: InboundTicket;
  messageId: number;
  /** The message starts a conversation (a new ticket, or a closed one back to pending): the chatbot greets. */
  opened: boolean;
  /** The closed ticket it landed on waits for the answer to this rating prompt (landingOf). */
  rating: "rating" | "ratingRepeat" | null;
  /** The campaign it answers, when landingOf read it already (undefined: not read yet). */
  campaign?: CampaignReply | null;
  /** What we last sent on the ticket, when the caller read it in a batch with others (the chatbot's memory). */
  lastSent?: BotState;
}

/** "next": the rules after this one run; "stop": none of them does, for this message. */
export type RuleOutcome = "next" | "stop";

/** What the rules share while they go through the messages of one call. */
interface RuleRun {
  ctx: SystemCtx;
  conn: InboundConnection;
  /** The assistant's and integrations' turns, queued together once every message is through. */
  takeovers: { kind: Takeover; ticketId: number; messageId: number }[];
  /** The messages whose ticket a rule changed: what the caller read of that ticket no longer holds. */
  changed: Set<ContactMessage>;
}

type ContactMessageRule = (run: RuleRun, msg: ContactMessage) => Promise<RuleOutcome>;

/** Only the contact's own messages in a one-to-one chat set rules off (not ours from the phone, not a group's). */
const contactsOwn = (msg: ContactMessage) => !msg.m.fromMe && !msg.contact.isGroup;

/**
 * A reply to a campaign sent from this connection is counted (replied, confirmed); an opt-out word is recorded and
 * answered, in the company's language, and nothing else answers it: no chatbot menu, no assistant.
 */
const campaignReplyRule: ContactMessageRule = async ({ ctx, conn }, msg) => {
  if (!contactsOwn(msg)) return "next";
  const reply = msg.campaign !== undefined ? msg.campaign : await readCampaignReply(ctx, conn.id, msg.contact, msg.m);
  if (!reply) return "next";
  await recordCampaignReply(ctx, msg.contact, reply);
  if (!reply.optOut) return "next";
  const { language } = await settingsFor(ctx, ["language"]);
  await botSay(ctx, msg.ticket.id, "optOut", contactTexts(language).campaignOptOut);
  return "stop";
};

/**
 * The answer to a rating prompt on a closed ticket: a rating ends it there; anything else is asked once more; after
 * that, the conversation goes on as a new one (the ticket back to pending, the chatbot greeting).
 */
const ratingRule: ContactMessageRule = async ({ ctx, conn }, msg) => {
  if (!msg.rating) return "next";
  const outcome = await answerRating(ctx, { ticketId: msg.ticket.id, userId: msg.ticket.userId, body: msg.m.body, prompt: msg.rating, conn });
  if (outcome !== "gave-up") return "stop";
  const closed = scopeOf(msg.ticket);
  msg.ticket = await returnToPending(ctx, msg.ticket, conn.id);
  msg.ticket.unreadMessages = 1;
  await ctx.db.update(tickets).set({ unreadMessages: 1 }).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, msg.ticket.id)));
  await announce(ctx, msg.ticket.id, closed, null, null);
  msg.opened = true;
  return "next";
};

/**
 * The chatbot answers a ticket waiting without an agent or an integration; when it hands the ticket to the assistant
 * or an integration that takes this very message, the takeover rule after it queues the turn.
 */
const chatbotRule: ContactMessageRule = async ({ ctx, conn, changed }, msg) => {
  if (!chatbotAnswers(msg.m, msg.contact, msg.ticket)) return "next";
  const before = scopeOf(msg.ticket);
  const { ticketChanged, takeoverNext } = await runChatbot(ctx, { conn, ticket: msg.ticket, body: msg.m.body, choice: msg.m.replyId, opened: msg.opened, lastSent: msg.lastSent });
  if (ticketChanged) {
    await announce(ctx, msg.ticket.id, before, null, null);
    changed.add(msg);
  }
  return takeoverNext ? "next" : "stop";
};

/** A ticket the AI assistant or a queue integration answers: the message is its turn (queued, run off the hub). */
const takeoverRule: ContactMessageRule = async ({ takeovers }, msg) => {
  const kind = takeoverOf(msg.m, msg.contact, msg.ticket);
  if (kind) takeovers.push({ kind, ticketId: msg.ticket.id, messageId: msg.messageId });
  return "next";
};

/** The rules, in the order they run for each message. */
export const CONTACT_MESSAGE_RULES: readonly { name: string; rule: ContactMessageRule }[] = [
  { name: "campaign reply and opt-out", rule: campaignReplyRule },
  { name: "rating", rule: ratingRule },
  { name: "chatbot", rule: chatbotRule },
  { name: "assistant and integrations", rule: takeoverRule },
];

/**
 * The rules for newly stored messages of one connection, message by message in arrival order (so a sender's
 * messages keep theirs); the chatbot's memory of the tickets it will answer is read in one round trip first, and the
 * takeover turns are queued together at the end (only a ticket's last message needs one). Answers the messages
 * whose ticket a rule changed.
 */
export async function afterContactMessages(ctx: SystemCtx, conn: InboundConnection, stored: ContactMessage[]): Promise<ContactMessage[]> {
  const run: RuleRun = { ctx, conn, takeovers: [], changed: new Set() };
  await readBotStates(ctx, stored);
  for (const msg of stored) {
    for (const { rule } of CONTACT_MESSAGE_RULES) if ((await rule(run, msg)) === "stop") break;
  }
  if (run.takeovers.length > 0) await queueTakeoverTurns(ctx, run.takeovers);
  return stored.filter((msg) => run.changed.has(msg));
}

/** Several bot turns in one call (a batch): what we last sent on each of their tickets, in one round trip. */
async function readBotStates(ctx: SystemCtx, stored: ContactMessage[]) {
  const turns = stored.filter((msg) => msg.lastSent === undefined && chatbotAnswers(msg.m, msg.contact, msg.ticket));
  if (turns.length < 2) return;
  type StateQuery = ReturnType<typeof lastSentByUsQuery>;
  const states = await ctx.db.batch(turns.map((msg) => lastSentByUsQuery(ctx, msg.ticket.id)) as [StateQuery, ...StateQuery[]]);
  turns.forEach((msg, i) => (msg.lastSent = botStateOf(states[i]!)));
}

const readCampaignReply = (ctx: SystemCtx, connectionId: number, contact: InboundContact, m: BridgeInboundMessage) =>
  campaignReplyOf(ctx, { connectionId, number: contact.number, body: m.body ?? "" });

/** Where a message lands when its sender has no live ticket on the connection (see the top of this file). */
export type Landing =
  | { kind: "rating"; ticket: InboundTicket; prompt: "rating" | "ratingRepeat" }
  | { kind: "kept"; ticket: InboundTicket | null; campaign: CampaignReply }
  | { kind: "reopen"; ticket: InboundTicket; campaign?: CampaignReply | null }
  | { kind: "new"; campaign?: CampaignReply | null };

export async function landingOf(
  ctx: SystemCtx,
  input: { connectionId: number; contact: InboundContact; m: BridgeInboundMessage; latest: InboundTicket | undefined },
): Promise<Landing> {
  const { latest, contact, m } = input;
  if (m.fromMe || contact.isGroup) return latest ? { kind: "reopen", ticket: latest } : { kind: "new" };
  const prompt = latest ? await awaitingRating(ctx, latest.id) : null;
  if (latest && prompt) return { kind: "rating", ticket: latest, prompt };
  // An opt-out is not a conversation: it is answered where the campaign left the contact, and no agent is asked.
  const campaign = await readCampaignReply(ctx, input.connectionId, contact, m);
  if (campaign?.optOut) return { kind: "kept", ticket: latest ?? null, campaign };
  return latest ? { kind: "reopen", ticket: latest, campaign } : { kind: "new", campaign };
}
