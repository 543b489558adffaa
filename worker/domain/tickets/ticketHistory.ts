import { and, desc, eq } from "drizzle-orm";
import { ticketTracking, userRatings, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { showTicket } from "./showTicket";

type Entry = { whatsapp: { id: number; name: string } | null };

/**
 * Each row stores the connection the ticket was on after it; the one it was on before is the nearest older row's
 * (a transfer between connections is the only transition that changes it). Newest first, as read.
 */
function withConnections<T extends Entry>(history: T[]) {
  let before: Entry["whatsapp"] = null;
  const out: (Omit<T, "whatsapp"> & { fromWhatsapp: Entry["whatsapp"]; toWhatsapp: Entry["whatsapp"] })[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const { whatsapp, ...rest } = history[i]!;
    out.push({ ...rest, fromWhatsapp: before, toWhatsapp: whatsapp });
    if (whatsapp) before = whatsapp;
  }
  return out.reverse();
}

/**
 * The ticket's transitions, newest first, with who did what, and the contact's ratings of it (each with the agent
 * it rated), for the contact drawer's history.
 */
export async function ticketHistory({ ctx, input }: { ctx: Ctx; input: { ticketId: number } }) {
  const ticket = await showTicket({ ctx, input: { id: input.ticketId } });
  const [history, ratings] = await Promise.all([
    ctx.db.query.ticketTracking.findMany({
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
        // A kanban move's lanes (null: 'Em aberto', or a lane deleted since).
        fromTag: { columns: { id: true, name: true, color: true } },
        toTag: { columns: { id: true, name: true, color: true } },
        // The connection the ticket was on after the transition.
        whatsapp: { columns: { id: true, name: true } },
      },
    }),
    ctx.db
      .select({ id: userRatings.id, rate: userRatings.rate, createdAt: userRatings.createdAt, userId: users.id, userName: users.name })
      .from(userRatings)
      .leftJoin(users, eq(users.id, userRatings.userId))
      .where(and(eq(userRatings.companyId, ctx.companyId), eq(userRatings.ticketId, ticket.id)))
      .orderBy(desc(userRatings.createdAt), desc(userRatings.id))
      .limit(50),
  ]);
  return {
    history: withConnections(history),
    ratings: ratings.map(({ userId, userName, ...r }) => ({ ...r, user: userId === null ? null : { id: userId, name: userName ?? "" } })),
  };
}
