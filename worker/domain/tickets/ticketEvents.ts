import type { AnyCtx } from "../context";
import type { Delivery } from "../../contracts/ws";
import type { PresentedTicket } from "./presentTicket";
import { raiseTicketChange } from "../publicApi/raiseChanges";
import type { TicketScope } from "./visibility";
import { scopeOf, ticketUpdateDelivery, visibilitySettings } from "./ticketDelivery";

// In their own module so that what automation/changes.ts calls can tell a ticket without a cycle through here.
export { scopeOf, ticketUpdateDelivery, visibilitySettings };

/** Tells everyone who could see the ticket before or after the change, and the webhooks of its move (if it moved). */
export async function publishTicketUpdate(ctx: AnyCtx, before: TicketScope | null, ticket: PresentedTicket, extra: Delivery[] = []) {
  raiseTicketChange(ctx, before, ticket);
  const settings = await visibilitySettings(ctx);
  await ctx.hub.publish([ticketUpdateDelivery(before, ticket, settings), ...extra]);
}

export async function publishTicketDelete(ctx: AnyCtx, before: TicketScope, ticketId: number) {
  const settings = await visibilitySettings(ctx);
  await ctx.hub.publish([
    { audience: { kind: "ticket", before, after: null, settings }, event: { type: "ticket", action: "delete", ticketId } },
  ]);
}
