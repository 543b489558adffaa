import { and, desc, eq } from "drizzle-orm";
import { ticketTracking } from "../../db/schema";
import type { Ctx } from "../context";
import { showTicket } from "./showTicket";

/** The ticket's transitions, newest first, with who did what (the contact drawer's history). */
export async function ticketHistory({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await showTicket({ ctx, input: { id: input.ticketId } });
  const rows = await ctx.db.query.ticketTracking.findMany({
    where: and(eq(ticketTracking.companyId, ctx.companyId), eq(ticketTracking.ticketId, ticket.id)),
    orderBy: [desc(ticketTracking.createdAt), desc(ticketTracking.id)],
    limit: 200,
    columns: { id: true, action: true, fromStatus: true, toStatus: true, createdAt: true, rated: true },
    with: {
      byUser: { columns: { id: true, name: true } },
      fromUser: { columns: { id: true, name: true } },
      toUser: { columns: { id: true, name: true } },
      fromQueue: { columns: { id: true, name: true, color: true } },
      toQueue: { columns: { id: true, name: true, color: true } },
    },
  });
  return { history: rows };
}
