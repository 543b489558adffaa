import { and, eq } from "drizzle-orm";
import type { Delivery } from "../../contracts/ws";
import { inList } from "../../db/inList";
import { tickets } from "../../db/tenant";
import type { AnyCtx, Ctx } from "../context";
import { scopeOf, visibilitySettings } from "../tickets/ticketEvents";
import type { ContactView } from "./view";
import { raiseContactChange } from "../publicApi/raiseChanges";

/**
 * Contact lists are company-wide: every user of the company hears of a change. Webhooks hear of it as `raised`
 * (the socket's "update" of a contact an inbound message made is a webhook's "contact.created").
 */
export async function publishContact(
  ctx: AnyCtx,
  action: "create" | "update",
  contact: ContactView,
  raised: "contact.created" | "contact.updated" = action === "create" ? "contact.created" : "contact.updated",
) {
  raiseContactChange(ctx, raised, contact);
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "contact", action, contact } }]);
}

/**
 * A contact's tickets (and their messages) go with it (foreign keys cascade). Read before the delete, so that
 * afterwards everyone who could see one of those tickets is told it is gone.
 */
export async function ticketsOfContacts(ctx: Ctx, contactIds: number[]) {
  return ctx.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId, isGroup: tickets.isGroup })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), inList(tickets.contactId, contactIds)));
}

export async function publishContactsDeleted(ctx: Ctx, contactIds: number[], removedTickets: Awaited<ReturnType<typeof ticketsOfContacts>>) {
  if (contactIds.length === 0) return;
  const settings = removedTickets.length ? await visibilitySettings(ctx) : null;
  const deliveries: Delivery[] = contactIds.map((contactId) => ({ audience: { kind: "company" }, event: { type: "contact", action: "delete", contactId } }));
  for (const t of removedTickets) {
    deliveries.push({
      audience: { kind: "ticket", before: scopeOf(t), after: null, settings: settings! },
      event: { type: "ticket", action: "delete", ticketId: t.id },
    });
  }
  await ctx.hub.publish(deliveries);
}
