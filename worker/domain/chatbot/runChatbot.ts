import { and, asc, eq, isNull } from "drizzle-orm";
import type { OptionConsent } from "../../contracts/consent";
import { recordConsent } from "../consent/recordConsent";
import { companies, queueOptions, queues, tickets, whatsappQueues, type Whatsapp } from "../../db/tenant";
import { oncePerContext, type SystemCtx } from "../context";
import { isEnabled, settingsFor } from "../settings/companySettingValues";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import type { InboundTicket } from "../inbound/inboundTicket";
import { lastSentByUs, type BotKind, type BotState } from "./botState";
import { botSay } from "./botSay";
import { sendFileList } from "../fileLists/sendFileList";
import { contactTexts, type ContactTexts } from "../contactTexts";
import { interactiveMenu, invalidOptionReply, menuChoiceOf, optionChoices, optionsMenu, queueChoices, queuesMenu, type MenuChoice } from "./menus";
import { isWithinServiceHours } from "./serviceHours";

export type BotConnection = Pick<
  Whatsapp,
  "id" | "greetingMessage" | "outOfHoursMessage" | "maxUseBotQueues" | "timeUseBotQueues" | "sendIdQueue" | "promptId" | "integrationId"
> &
  /** On the Cloud API ("cloud") menus go as interactive messages (buttons or a list). */
  Partial<Pick<Whatsapp, "channel">>;

type Queue = Pick<typeof queues.$inferSelect, "id" | "name" | "greetingMessage" | "outOfHoursMessage" | "schedules" | "integrationId" | "promptId" | "mediaPath" | "mediaName">;

export interface ChatbotTurn {
  conn: BotConnection;
  ticket: InboundTicket;
  /** What the contact wrote. */
  body: string;
  /** The id of the interactive row or button the contact tapped (Cloud API), which picks the option as typing does. */
  choice?: string;
  /** The message opened a new turn (new ticket, or a closed one back to pending): greet instead of reading a choice. */
  opened: boolean;
  now?: Date;
  /** What lastSentByUs answers for the ticket, when the caller read it already (in a batch). */
  lastSent?: BotState;
}

/**
 * Ticket fields the bot changed, for the caller to publish; and whether the AI assistant or integration it handed
 * the ticket to takes this very message (an integration always does; the assistant when nothing was said).
 */
export type ChatbotOutcome = { ticketChanged: boolean; takeoverNext: boolean };

/**
 * Whether a message is the chatbot's to answer: the contact's own (not sent from the phone, not a call log, not
 * a group, bot not disabled for it) on a ticket waiting without an agent or an integration.
 */
export function chatbotAnswers(
  m: Pick<BridgeInboundMessage, "fromMe" | "mediaType">,
  contact: { isGroup: boolean; disableBot: boolean },
  ticket: Pick<InboundTicket, "status" | "userId" | "useIntegration">,
): boolean {
  const contactsOwn = !m.fromMe && m.mediaType !== "call_log" && !contact.isGroup && !contact.disableBot;
  return contactsOwn && ticket.status === "pending" && ticket.userId === null && !ticket.useIntegration;
}

/**
 * The connection's chatbot for a pending ticket without an agent (spec 002 queues and option trees):
 * company service hours; no queue → greeting; one queue → greeting (per sendGreetingMessageOneQueues) and that
 * queue's menu; several → the numbered menu of queues, limited by maxUseBotQueues (then sendIdQueue) and
 * timeUseBotQueues; inside a queue, its option tree (0 back one level, # back to the main menu, one child
 * followed automatically, an invalid reply answered once); a queue with an integration or prompt hands off.
 * When the menus end (a queue without options, or an option without children), the contact is told once that
 * they wait for an agent, and "#" still brings the main menu back until someone takes the ticket.
 */
export async function runChatbot(ctx: SystemCtx, turn: ChatbotTurn): Promise<ChatbotOutcome> {
  const now = turn.now ?? new Date();
  const settings = await settingsFor(ctx, ["scheduleType", "sendGreetingMessageOneQueues", "language"]);
  const hours = settings.scheduleType === "company" || settings.scheduleType === "queue" ? await companyHours(ctx) : null;
  const bot = new Bot(ctx, turn, now, settings.scheduleType, isEnabled(settings.sendGreetingMessageOneQueues), hours, contactTexts(settings.language));

  if (settings.scheduleType === "company" && hours && !isWithinServiceHours(hours.schedules, hours.timezone, now)) {
    await bot.outOfHours(turn.conn.outOfHoursMessage);
    return bot.outcome();
  }
  if (turn.ticket.queueId === null) await bot.chooseQueue();
  else if (turn.ticket.chatbot) await bot.navigateOptions();
  else await bot.afterFlow();
  return bot.outcome();
}

/** A connection's queues, read once per batch of inbound events (the context lives as long as the batch). */
function offeredQueues(ctx: SystemCtx, whatsappId: number): Promise<Queue[]> {
  return oncePerContext(ctx, `offeredQueues:${whatsappId}`, async () =>
    ctx.db
      .select({
        id: queues.id,
        name: queues.name,
        greetingMessage: queues.greetingMessage,
        outOfHoursMessage: queues.outOfHoursMessage,
        schedules: queues.schedules,
        integrationId: queues.integrationId,
        promptId: queues.promptId,
        mediaPath: queues.mediaPath,
        mediaName: queues.mediaName,
      })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(queues.companyId, ctx.companyId)))
      .orderBy(asc(queues.orderQueue), asc(queues.name)),
  );
}

/** The company's time zone and schedules, read once per batch of inbound events, like the queues. */
function companyHours(ctx: SystemCtx) {
  return oncePerContext(ctx, "companyHours", async () =>
    (await ctx.db.select({ timezone: companies.timezone, schedules: companies.schedules }).from(companies).where(eq(companies.id, ctx.companyId)).get()) ?? null,
  );
}

class Bot {
  private changed = false;
  private takeoverNext = false;
  private last: BotState | undefined;

  constructor(
    private readonly ctx: SystemCtx,
    private readonly turn: ChatbotTurn,
    private readonly now: Date,
    private readonly scheduleType: string,
    private readonly greetOneQueue: boolean,
    private readonly hours: { timezone: string } | null,
    private readonly texts: ContactTexts,
  ) {
    this.last = turn.lastSent;
  }

  outcome(): ChatbotOutcome {
    return { ticketChanged: this.changed, takeoverNext: this.takeoverNext };
  }

  private get ticket() {
    return this.turn.ticket;
  }

  private async lastSent() {
    if (this.last === undefined) this.last = await lastSentByUs(this.ctx, this.ticket.id);
    return this.last;
  }

  private say(kind: Parameters<typeof botSay>[2], body: string, media?: Parameters<typeof botSay>[4], choices?: { message: string; entries: MenuChoice[] }) {
    this.last = { kind, at: this.now };
    const interactive = choices && this.turn.conn.channel === "cloud" ? interactiveMenu(this.texts, choices.message, choices.entries) : null;
    return botSay(this.ctx, this.ticket.id, kind, body, media, interactive);
  }

  /** An interactive menu's text after an invalid reply: said once, with the level's message. */
  private invalidAnd(message: string) {
    return [this.texts.invalidOption, message.trim()].filter(Boolean).join("\n\n");
  }

  /** What the contact chose: a tapped row or button, else what they typed. */
  private get picked() {
    return menuChoiceOf(this.turn.choice);
  }

  /** What the contact typed, or the way back a tapped row means ("0", "#"). */
  private get typed() {
    const picked = this.picked;
    return picked && "typed" in picked ? picked.typed : this.turn.body.trim();
  }

  private async setTicket(patch: Partial<Pick<InboundTicket, "queueId" | "chatbot" | "queueOptionId" | "amountUsedBotQueues" | "useIntegration">> & { integrationId?: number | null; promptId?: number | null }) {
    await this.ctx.db
      .update(tickets)
      .set({ ...patch, updatedAt: this.now })
      .where(and(eq(tickets.companyId, this.ctx.companyId), eq(tickets.id, this.ticket.id)));
    Object.assign(this.turn.ticket, patch);
    this.changed = true;
  }

  /** Out of hours: said once per conversation turn, not on every message. */
  async outOfHours(message: string) {
    const last = await this.lastSent();
    if (!message.trim() || last?.kind === "outOfHours") return;
    await this.say("outOfHours", message);
  }

  async chooseQueue() {
    const { conn } = this.turn;
    const offered = await offeredQueues(this.ctx, conn.id);
    if (offered.length === 0) {
      if (conn.promptId || conn.integrationId) {
        // A connection with a prompt (or an integration) and no queues: it answers from the first message.
        await this.setTicket({ chatbot: false, queueOptionId: null, useIntegration: true, promptId: conn.promptId, integrationId: conn.integrationId });
        this.takeoverNext = true;
        return;
      }
      if (this.turn.opened) await this.say("greeting", conn.greetingMessage);
      return;
    }
    if (offered.length === 1) {
      if (this.turn.opened && this.greetOneQueue) await this.say("greeting", conn.greetingMessage);
      await this.enterQueue(offered[0]!);
      return;
    }

    const typed = this.typed;
    const picked = this.picked;
    const tapped = picked && "queueId" in picked ? offered.find((q) => q.id === picked.queueId) : undefined;
    const choice = this.turn.opened ? undefined : (tapped ?? (/^\d{1,3}$/.test(typed) ? offered[Number(typed) - 1] : undefined));
    if (choice) {
      await this.enterQueue(choice);
      return;
    }

    if (conn.maxUseBotQueues > 0 && this.ticket.amountUsedBotQueues >= conn.maxUseBotQueues) {
      // The menu was offered as often as allowed: hand the ticket to the fallback queue, or wait for an agent.
      if (conn.sendIdQueue) await this.setTicket({ queueId: conn.sendIdQueue, chatbot: false, queueOptionId: null });
      return;
    }
    const last = await this.lastSent();
    const menu = queuesMenu(conn.greetingMessage, offered);
    if (!this.turn.opened && last?.kind === "invalidOption") {
      // Answered once already: stay quiet unless timeUseBotQueues says it is time to offer the menu again.
      const waitMs = conn.timeUseBotQueues * 60_000;
      if (waitMs <= 0 || this.now.getTime() - last.at.getTime() < waitMs) return;
    }
    const invalid = !this.turn.opened && (last?.kind === "queuesMenu" || last?.kind === "greeting");
    await this.setTicket({ amountUsedBotQueues: this.ticket.amountUsedBotQueues + 1 });
    const entries = queueChoices(offered);
    const message = invalid ? this.invalidAnd(conn.greetingMessage) : conn.greetingMessage;
    await this.say(invalid ? "invalidOption" : "queuesMenu", invalid ? invalidOptionReply(this.texts, menu) : menu, undefined, { message, entries });
  }

  private async enterQueue(queue: Queue) {
    if (this.scheduleType === "queue" && this.hours && !isWithinServiceHours(queue.schedules, this.hours.timezone, this.now)) {
      await this.setTicket({ queueId: queue.id, chatbot: false, queueOptionId: null });
      await this.outOfHours(queue.outOfHoursMessage || this.turn.conn.outOfHoursMessage);
      return;
    }
    const media = { path: queue.mediaPath, name: queue.mediaName };
    if (queue.integrationId || queue.promptId) {
      // Hand-off point: the integration or AI prompt answers from here.
      await this.setTicket({
        queueId: queue.id,
        chatbot: false,
        queueOptionId: null,
        useIntegration: true,
        integrationId: queue.integrationId,
        promptId: queue.promptId,
      });
      // An integration follows the queue's greeting. The assistant goes without it: a greeting written for a menu
      // ("Escolha uma opção:") would invite a choice that no menu follows (the queue dialog says so).
      if (queue.integrationId) await this.say("queueGreeting", queue.greetingMessage, media);
      // Either one answers the message that brought the contact here.
      this.takeoverNext = true;
      return;
    }
    const top = await this.children(queue.id, null);
    if (top.length === 0) {
      await this.setTicket({ queueId: queue.id, chatbot: false, queueOptionId: null });
      await this.say("queueGreeting", queue.greetingMessage, media);
      return;
    }
    await this.setTicket({ queueId: queue.id, chatbot: true, queueOptionId: null });
    await this.say("optionsMenu", optionsMenu(this.texts, queue.greetingMessage, top, { canGoBack: false }), media, {
      message: queue.greetingMessage,
      entries: optionChoices(this.texts, top, { canGoBack: false }),
    });
  }

  /**
   * A message after the menus ended, the ticket in a queue and the bot's own message the last we sent (a queue's
   * greeting or an option without children, or the menu or greeting when the chosen queue said nothing): "#" goes
   * back to the main menu; anything else is answered once with "you are waiting for an agent". Once an agent or a
   * transfer notice has spoken on the ticket, or the bot said it is out of hours, it stays out of it.
   */
  async afterFlow() {
    const last = await this.lastSent();
    if (!last?.kind || !FLOW_ENDS.has(last.kind)) return;
    if (this.typed === "#") return this.backToQueues();
    if (last.kind === "waiting") return;
    await this.say("waiting", this.texts.waitingForAgent);
  }

  async navigateOptions() {
    const typed = this.typed;
    const picked = this.picked;
    const queueId = this.ticket.queueId!;
    if (typed === "#") return this.backToQueues();
    const current = this.ticket.queueOptionId;
    if (typed === "0") {
      if (current === null) return this.backToQueues();
      const option = await this.option(current);
      return this.showLevel(queueId, option?.parentId ?? null);
    }
    const children = await this.children(queueId, current);
    const chosen = picked && "optionId" in picked ? children.find((c) => c.id === picked.optionId) : children.find((c) => c.option === typed);
    if (chosen) return this.descend(queueId, chosen);

    const last = await this.lastSent();
    if (last?.kind === "invalidOption") return;
    const levelMessage = current === null ? await this.queueGreeting(queueId) : ((await this.option(current))?.message ?? "");
    await this.say("invalidOption", invalidOptionReply(this.texts, optionsMenu(this.texts, levelMessage, children, { canGoBack: current !== null })), undefined, {
      message: this.invalidAnd(levelMessage),
      entries: optionChoices(this.texts, children, { canGoBack: current !== null }),
    });
  }

  private async backToQueues() {
    await this.setTicket({ queueId: null, chatbot: false, queueOptionId: null });
    this.turn.opened = true;
    await this.chooseQueue();
  }

  private async showLevel(queueId: number, optionId: number | null) {
    await this.setTicket({ queueOptionId: optionId });
    const children = await this.children(queueId, optionId);
    const message = optionId === null ? await this.queueGreeting(queueId) : ((await this.option(optionId))?.message ?? "");
    await this.say("optionsMenu", optionsMenu(this.texts, message, children, { canGoBack: optionId !== null }), undefined, {
      message,
      entries: optionChoices(this.texts, children, { canGoBack: optionId !== null }),
    });
  }

  private async descend(queueId: number, chosen: OptionRow) {
    let option = chosen;
    await this.recordConsent(option);
    let children = await this.children(queueId, option.id);
    // A single child is followed automatically: there is nothing to choose.
    while (children.length === 1) {
      await this.sayOption(option);
      option = children[0]!;
      await this.recordConsent(option);
      children = await this.children(queueId, option.id);
    }
    if (children.length === 0) {
      await this.setTicket({ queueOptionId: option.id, chatbot: false });
      await this.sayOption(option);
      return;
    }
    await this.setTicket({ queueOptionId: option.id });
    await this.sendFiles(option);
    await this.say("optionsMenu", optionsMenu(this.texts, option.message, children, { canGoBack: true }), { path: option.mediaPath, name: option.mediaName }, {
      message: option.message,
      entries: optionChoices(this.texts, children, { canGoBack: true }),
    });
  }

  /** An option that records marketing consent ("Quero receber ofertas"): the contact's own answer, how "chatbot". */
  private async recordConsent(option: OptionRow) {
    if (!option.marketingConsent) return;
    const ticket = await this.ctx.db
      .select({ contactId: tickets.contactId })
      .from(tickets)
      .where(and(eq(tickets.companyId, this.ctx.companyId), eq(tickets.id, this.ticket.id)))
      .get();
    if (!ticket) return;
    await recordConsent(this.ctx, ticket.contactId, { state: option.marketingConsent, how: "chatbot", detail: option.title, at: new Date(this.now) });
  }

  /** An option's file list goes first, in its order (ADR 0039), then the option's message. */
  private async sayOption(option: OptionRow) {
    await this.sendFiles(option);
    await this.say("option", option.message, { path: option.mediaPath, name: option.mediaName });
  }

  private async sendFiles(option: OptionRow) {
    if (option.fileListId) await sendFileList({ ctx: this.ctx, input: { ticketId: this.ticket.id, fileListId: option.fileListId, bot: { kind: "option" } } });
  }

  private async queueGreeting(queueId: number) {
    const q = await this.ctx.db
      .select({ greetingMessage: queues.greetingMessage })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, this.ctx.companyId)))
      .get();
    return q?.greetingMessage ?? "";
  }

  private option(id: number) {
    return this.ctx.db
      .select(optionColumns)
      .from(queueOptions)
      .where(and(eq(queueOptions.id, id), eq(queueOptions.companyId, this.ctx.companyId)))
      .get();
  }

  private async children(queueId: number, parentId: number | null): Promise<OptionRow[]> {
    const rows = await this.ctx.db
      .select(optionColumns)
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.companyId, this.ctx.companyId),
          eq(queueOptions.queueId, queueId),
          parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        ),
      );
    return rows.sort((a, b) => Number(a.option) - Number(b.option) || a.option.localeCompare(b.option));
  }
}

/** What the bot last said when its menus have ended and the contact waits for an agent. */
const FLOW_ENDS = new Set<BotKind>(["option", "queueGreeting", "queuesMenu", "greeting", "waiting"]);

const optionColumns = {
  id: queueOptions.id,
  parentId: queueOptions.parentId,
  option: queueOptions.option,
  title: queueOptions.title,
  message: queueOptions.message,
  mediaPath: queueOptions.mediaPath,
  mediaName: queueOptions.mediaName,
  fileListId: queueOptions.fileListId,
  marketingConsent: queueOptions.marketingConsent,
};
type OptionRow = {
  id: number;
  parentId: number | null;
  option: string;
  title: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  fileListId: number | null;
  marketingConsent: OptionConsent | null;
};
