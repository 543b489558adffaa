import { and, desc, eq } from "drizzle-orm";
import { tickets, type Campaign, type CampaignShipping } from "../../db/tenant";
import type { AnyCtx } from "../context";
import { upsertContact } from "../externalApi/sendExternalMessage";
import { storeOutboundMessage, type OutboundMessage } from "../messages/storeOutboundMessage";
import { contactVariables, fillVariables } from "../outbound/fillVariables";
import { findLiveTicket } from "../tickets/findOpenTicket";
import { openTicket } from "../tickets/openTicket";
import { nextTurn } from "../../lib/serialQueue";
import type { TemplateSend } from "../templates/sendTemplate";

type Recipient = Pick<CampaignShipping, "number" | "name" | "email" | "variables">;

/** The non-empty variants of the campaign's messages (or confirmations); one is picked at random per recipient. */
export function variantsOf(c: Campaign, kind: "message" | "confirmation"): string[] {
  const slots =
    kind === "message"
      ? [c.message1, c.message2, c.message3, c.message4, c.message5]
      : [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5];
  return slots.filter((s) => s.trim().length > 0);
}

/** A variant with the recipient's variables filled: {nome}, {numero}, {email}, the list's columns, the custom ones. */
export function campaignText(c: Campaign, kind: "message" | "confirmation", to: Recipient, custom: { key: string; value: string }[], random = Math.random) {
  const variants = variantsOf(c, kind);
  const text = variants[Math.floor(random() * variants.length)] ?? "";
  const values = { ...Object.fromEntries(custom.map((v) => [v.key, v.value])), ...to.variables, ...contactVariables({ name: to.name || to.number, number: to.number, email: to.email }) };
  return fillVariables(text, values);
}

/**
 * A campaign message into the contact's history on the campaign's connection, queued for delivery like an agent's:
 * the contact is found or created by number; its live ticket is used, else its outreach ticket there (one that holds
 * only what campaigns sent), else one is opened: closed and in no list (a campaign fills neither the agents' waiting
 * list nor the resolved one: it is not a conversation until the contact answers, which reopens the ticket as
 * pending, the campaign's message in its history; issue 31). `claim`
 * runs in the message's transaction (the shipping row's state), so the message and the claim land together.
 */
export async function storeCampaignMessage(
  ctx: AnyCtx,
  input: {
    campaign: Campaign;
    connectionId: number;
    to: Recipient;
    body: string;
    withMedia: boolean;
    typingMs: number;
    /** Messages that go first, stored with the message and its claim in one transaction (the campaign's file list). */
    before?: OutboundMessage[];
    claim?: (messageId: number, ticketId: number) => void;
    /** A Cloud API campaign's template with this recipient's values (`body` is its text as read); no media goes with it. */
    template?: TemplateSend;
  },
) {
  const contact = await upsertContact(ctx, input.to.number, input.to.name);
  const live = await findLiveTicket(ctx.db, ctx.companyId, contact.id, input.connectionId);
  const ticketId =
    live?.id ??
    (await outreachTicketOf(ctx, contact.id, input.connectionId)) ??
    (await openTicket(ctx, { contactId: contact.id, isGroup: false, whatsappId: input.connectionId, userId: null, queueId: null, status: "closed", outreach: true })).id;
  // A new contact and its ticket are a step of their own: a page's read waiting meanwhile gets in before the message.
  await nextTurn();
  const c = input.campaign;
  const media: Pick<OutboundMessage, "mediaType" | "mediaUrl" | "mediaName" | "data"> = input.template
    ? { mediaType: "template", data: input.template }
    : input.withMedia && c.mediaPath
      ? { mediaType: c.mediaType ?? "application", mediaUrl: c.mediaPath, mediaName: c.mediaName ?? "file" }
      : {};
  const stored = await storeOutboundMessage(
    ctx,
    ticketId,
    { body: input.body || (media.mediaName ?? ""), ...media, automatic: true, typingMs: input.typingMs },
    input.claim && ((messageId) => input.claim!(messageId, ticketId)),
    (input.before ?? []).map((m) => ({ ...m, automatic: true })),
  );
  return { messageId: stored.message.id as number, ticketId, contactId: contact.id };
}

/** The contact's ticket on the connection that holds only what campaigns sent, if any: later campaigns go on it too. */
async function outreachTicketOf(ctx: AnyCtx, contactId: number, connectionId: number): Promise<number | undefined> {
  const row = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, connectionId), eq(tickets.outreach, true)))
    .orderBy(desc(tickets.id))
    .get();
  return row?.id;
}
