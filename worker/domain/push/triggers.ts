import { and, eq } from "drizzle-orm";
import type { MessageView } from "../../contracts/views/message";
import type { TicketView } from "../../contracts/views/ticket";
import { tickets, userQueues, users } from "../../db/tenant";
import type { AnyCtx } from "../context";
import type { TicketScope } from "../tickets/visibility";
import { pushToUsers } from "./pushToUsers";
import { pushSubscribers } from "./subscribers";
import { pushTexts, short } from "./texts";

/**
 * What the company's changes set off in Web Push (issue 29), heard where automation hears them (automation/changes.ts
 * and the internal chat's mentions). Each asks the in-memory set of subscribed users first.
 */

const ticketUrl = (uuid: string) => `/tickets/${uuid}`;
const ticketTag = (id: number) => `ticket-${id}`;

/**
 * A ticket that starts waiting (new, reopened, returned or moved to another queue while pending, no agent, the
 * chatbot done) is told to those who may take it: the members of its queue, or, with no queue, the users allowed to
 * see queue-less pending tickets. A ticket given to a user by someone else (a transfer, automatic assignment) is told
 * to that user.
 */
export function pushHearsTicketChange(ctx: AnyCtx, before: TicketScope | null, ticket: TicketView): void {
  if (pushSubscribers(ctx.db, ctx.companyId).size === 0) return;
  const waitingNow = ticket.status === "pending" && ticket.userId === null && !ticket.chatbot && !ticket.isGroup;
  const newlyWaiting = waitingNow && (before === null || before.status !== "pending" || before.queueId !== ticket.queueId);
  if (newlyWaiting) {
    const takers =
      ticket.queueId !== null
        ? ctx.db.select({ id: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, ticket.queueId)).all()
        : ctx.db.select({ id: users.id }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.allTicket, "enabled"))).all();
    pushToUsers(
      ctx,
      takers.map((t) => t.id),
      (lang) => ({
        kind: "ticket",
        title: short(ticket.contact.name || ticket.contact.number, 60),
        body: ticket.queue ? pushTexts(lang).newTicketIn(short(ticket.queue.name, 60)) : pushTexts(lang).newTicket,
        url: ticketUrl(ticket.uuid),
        tag: ticketTag(ticket.id),
      }),
    );
    return;
  }
  const givenTo = ticket.userId;
  if (givenTo !== null && before !== null && before.userId !== givenTo && ticket.status !== "closed" && ctx.user?.id !== givenTo) {
    pushToUsers(ctx, [givenTo], (lang) => ({
      kind: "transfer",
      title: short(ticket.contact.name || ticket.contact.number, 60),
      body: pushTexts(lang).transfer,
      url: ticketUrl(ticket.uuid),
      tag: ticketTag(ticket.id),
    }));
  }
}

/** The contact's message on a ticket an agent holds: told to that agent. */
export function pushHearsMessage(ctx: AnyCtx, message: MessageView, ticket: Pick<TicketView, "id" | "uuid" | "status" | "userId" | "contact">): void {
  if (message.fromMe || message.isPrivate || ticket.userId === null || ticket.status === "closed") return;
  if (!pushSubscribers(ctx.db, ctx.companyId).has(ticket.userId)) return;
  pushToUsers(ctx, [ticket.userId], (lang) => ({
    kind: "message",
    title: short(ticket.contact.name || ticket.contact.number, 60),
    body: message.body ? short(message.body, 140) : pushTexts(lang).media,
    url: ticketUrl(ticket.uuid),
    tag: ticketTag(ticket.id),
  }));
}

/** A service-level target missed on a ticket an agent holds: told to that agent. */
export function pushHearsSlaBreach(ctx: AnyCtx, ticketId: number, target: "firstResponse" | "resolution"): void {
  if (pushSubscribers(ctx.db, ctx.companyId).size === 0) return;
  const ticket = ctx.db
    .select({ id: tickets.id, uuid: tickets.uuid, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
  if (!ticket || ticket.userId === null) return;
  pushToUsers(ctx, [ticket.userId], (lang) => ({
    kind: "sla",
    title: target === "firstResponse" ? pushTexts(lang).slaFirst : pushTexts(lang).slaResolution,
    body: "",
    url: ticketUrl(ticket.uuid),
    tag: `sla-${ticket.id}`,
  }));
}

/** Members named in an internal chat's message: told, with the chat to open. */
export function pushHearsMention(ctx: AnyCtx, chat: { uuid: string; title: string }, mentioned: number[], message: { id: number; message: string; senderName: string }): void {
  if (mentioned.length === 0 || pushSubscribers(ctx.db, ctx.companyId).size === 0) return;
  pushToUsers(ctx, mentioned, (lang) => ({
    kind: "mention",
    title: `${short(message.senderName, 40)} · ${short(chat.title, 40)}`,
    body: short(message.message, 140) || pushTexts(lang).mention(short(chat.title, 60)),
    url: `/chats/${chat.uuid}`,
    tag: `chat-${chat.uuid}`,
  }));
}
