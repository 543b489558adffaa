import { and, eq } from "drizzle-orm";
import { contacts, tickets, whatsapps } from "../../db/tenant";
import { ratingPromptOf } from "../chatbot/rating";
import { contactTexts } from "../contactTexts";
import type { UpdateTicketInput } from "../../contracts/tickets";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { markMessagesRead } from "../messages/markTicketRead";
import { storeOutboundMessage } from "../messages/storeOutboundMessage";
import { companySettingValues, isEnabled } from "../settings/companySettingValues";
import { findLiveTicket, otherOpenTicketError } from "./findOpenTicket";
import { loadTicket } from "./presentTicket";
import { publishTicketUpdate, scopeOf, visibilitySettings } from "./ticketEvents";
import { assertQueueOfCompany, assertUserOfCompany, resolveConnection } from "./ticketRefs";
import { trackingRow, type TrackedAction } from "./tracking";
import { canSeeTicket, viewerOf } from "./visibility";

type Current = typeof tickets.$inferSelect;
type Transition = Exclude<TrackedAction, "create" | "delete" | "autoAssign"> | "fields";

/** Which transition of spec 000 section 4 a PUT /api/tickets/:id asks for. */
export function classifyUpdate(current: Current, changes: UpdateTicketInput, me: number): Transition {
  const movesQueueOrConnection =
    (changes.queueId !== undefined && changes.queueId !== current.queueId) ||
    (changes.whatsappId !== undefined && changes.whatsappId !== current.whatsappId);
  switch (changes.status) {
    case "closed":
      return "close";
    case "pending":
      return movesQueueOrConnection ? "transfer" : "return";
    case "open": {
      if (current.status === "closed") return "reopen";
      const target = changes.userId ?? me;
      return target === me && !movesQueueOrConnection ? "accept" : "transfer";
    }
    default:
      return changes.userId !== undefined || movesQueueOrConnection ? "transfer" : "fields";
  }
}

/**
 * Accept, close, reopen, return, transfer — run in the company's hub one at a time, so two agents accepting the
 * same ticket end with one owner and a clear ERR_OTHER_OPEN_TICKET for the other.
 */
export async function updateTicket({ ctx, input }: { ctx: Ctx; input: { ticketId: number; changes: UpdateTicketInput } }) {
  const { ticketId, changes } = input;
  const current = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .get();
  if (!current) throw new AppError("ERR_NO_TICKET_FOUND");
  const settings = await visibilitySettings(ctx);
  const me = ctx.user.id;
  const isAdmin = ctx.user.profile === "admin";
  const isOwner = current.userId === me;
  const before = scopeOf(current);
  if (!canSeeTicket(viewerOf(ctx.user), before, settings)) throw new AppError("ERR_NO_PERMISSION", "Acesso não permitido");

  const transition = classifyUpdate(current, changes, me);
  const allowed: Record<Transition, boolean> = {
    accept: true,
    reopen: true,
    close: isOwner || current.status === "pending",
    return: isOwner,
    transfer: isOwner || current.status === "pending",
    fields: isOwner,
  };
  if (!isAdmin && !allowed[transition]) throw new AppError("ERR_NO_PERMISSION");

  let next = { status: current.status, userId: current.userId, queueId: current.queueId, whatsappId: current.whatsappId };
  switch (transition) {
    case "accept": {
      if (current.status === "open" && current.userId !== null && current.userId !== me) {
        const live = await findLiveTicket(ctx.db, ctx.companyId, current.contactId, current.whatsappId);
        if (live) throw await otherOpenTicketError(ctx, live);
      }
      if (current.status === "open" && isOwner) return loadTicket(ctx.db, ctx.companyId, ticketId);
      next = { ...next, status: "open", userId: me };
      break;
    }
    case "reopen": {
      const live = await findLiveTicket(ctx.db, ctx.companyId, current.contactId, current.whatsappId, current.id);
      if (live) throw await otherOpenTicketError(ctx, live);
      const userId = isAdmin && changes.userId ? (await assertUserOfCompany(ctx, changes.userId)).id : me;
      next = { ...next, status: "open", userId };
      break;
    }
    case "close":
      if (current.status === "closed") return loadTicket(ctx.db, ctx.companyId, ticketId);
      next = { ...next, status: "closed" };
      break;
    case "return":
      next = { ...next, status: "pending", userId: null };
      break;
    case "transfer": {
      const queueId = changes.queueId === undefined ? current.queueId : changes.queueId;
      if (queueId !== null) await assertQueueOfCompany(ctx, queueId);
      const userId = changes.userId ? (await assertUserOfCompany(ctx, changes.userId)).id : null;
      const whatsappId = changes.whatsappId ? await resolveConnection(ctx, changes.whatsappId) : current.whatsappId;
      if (whatsappId !== current.whatsappId) {
        const live = await findLiveTicket(ctx.db, ctx.companyId, current.contactId, whatsappId, current.id);
        if (live) throw await otherOpenTicketError(ctx, live);
      }
      next = { status: userId ? "open" : "pending", userId, queueId, whatsappId };
      break;
    }
    case "fields":
      break;
  }

  const now = new Date();
  const update = ctx.db
    .update(tickets)
    .set({
      ...next,
      ...(changes.useIntegration !== undefined && { useIntegration: changes.useIntegration }),
      ...(changes.promptId !== undefined && { promptId: changes.promptId }),
      ...(changes.integrationId !== undefined && { integrationId: changes.integrationId }),
      // A ticket taken by an agent leaves the chatbot.
      ...(next.userId !== null && { chatbot: false }),
      // Resolved is answered: nothing is left to read (the list must not go on saying "3 unread").
      ...(transition === "close" && { unreadMessages: 0 }),
      updatedAt: now,
    })
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)));
  if (transition === "fields") await update;
  else {
    const track = trackingRow(ctx, ticketId, transition, before, { ...next, isGroup: current.isGroup }, now);
    await (transition === "close" ? ctx.db.batch([update, track, markMessagesRead(ctx, ticketId)]) : ctx.db.batch([update, track]));
  }

  await sendAutomaticMessages(ctx, transition, current, next);
  const ticket = (await loadTicket(ctx.db, ctx.companyId, ticketId))!;
  await publishTicketUpdate(ctx, before, ticket);
  return ticket;
}

async function sendAutomaticMessages(
  ctx: Ctx,
  transition: Transition,
  current: Current,
  next: { userId: number | null; queueId: number | null },
) {
  if (current.isGroup) return;
  if (transition === "close") return sendClosingMessages(ctx, current);
  if (transition !== "accept" && transition !== "transfer") return;
  const values = await companySettingValues(ctx.db, ctx.companyId, ["sendGreetingAccepted", "sendMsgTransfTicket", "language"]);
  const texts = contactTexts(values.language);
  if (transition === "accept" && current.status === "pending" && isEnabled(values.sendGreetingAccepted)) {
    const contact = await ctx.db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, current.contactId)).get();
    await storeOutboundMessage(ctx, current.id, {
      body: texts.acceptGreeting(contact?.name ?? "", ctx.user.name),
      automatic: true,
    });
  }
  if (transition === "transfer" && isEnabled(values.sendMsgTransfTicket)) {
    if (next.userId !== null && next.userId !== current.userId) {
      const user = await assertUserOfCompany(ctx, next.userId);
      await storeOutboundMessage(ctx, current.id, { body: texts.transferredToUser(user.name), automatic: true });
    } else if (next.queueId !== null && next.queueId !== current.queueId) {
      const queue = await assertQueueOfCompany(ctx, next.queueId);
      await storeOutboundMessage(ctx, current.id, { body: texts.transferredToQueue(queue.name), automatic: true });
    }
  }
}

/**
 * Closing says goodbye on the ticket's connection: with userRating on, the rating prompt (the connection's message,
 * else the company's, else the language's own: the contact's next reply of 1–3 is the rating, then the completion
 * message; see chatbot/rating.ts); otherwise the completion message, if any. The ticket is closed either way.
 */
async function sendClosingMessages(ctx: Ctx, current: Current) {
  if (current.whatsappId === null) return;
  const conn = await ctx.db
    .select({ ratingMessage: whatsapps.ratingMessage, complationMessage: whatsapps.complationMessage })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, current.whatsappId)))
    .get();
  if (!conn) return;
  const settings = await companySettingValues(ctx.db, ctx.companyId, ["userRating", "language", "ratingMessage"]);
  if (isEnabled(settings.userRating)) {
    const body = await ratingPromptOf({ db: ctx.db, companyId: ctx.companyId, companySettings: settings }, conn);
    await storeOutboundMessage(ctx, current.id, { body, bot: { kind: "rating" } });
  } else if (conn.complationMessage.trim()) {
    await storeOutboundMessage(ctx, current.id, { body: conn.complationMessage, bot: { kind: "completion" } });
  }
}
