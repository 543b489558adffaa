import { and, avg, count, desc, eq } from "drizzle-orm";
import { tickets, userRatings } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { loadContactView } from "./view";

/**
 * One contact of the company, with its extraInfo, how many tickets it has (deleting the contact deletes them: the
 * confirmation says how many) and its ratings of the service (count, average, the latest), for the contact drawer.
 */
export async function getContact({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const contact = await loadContactView(ctx.db, ctx.companyId, input.id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const ofContact = and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contact.id));
  const [ticketRows, ratingRows, lastRows] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(tickets).where(ofContact),
    ctx.db
      .select({ n: count(), average: avg(userRatings.rate) })
      .from(userRatings)
      .innerJoin(tickets, eq(tickets.id, userRatings.ticketId))
      .where(and(eq(userRatings.companyId, ctx.companyId), ofContact)),
    ctx.db
      .select({ rate: userRatings.rate, createdAt: userRatings.createdAt })
      .from(userRatings)
      .innerJoin(tickets, eq(tickets.id, userRatings.ticketId))
      .where(and(eq(userRatings.companyId, ctx.companyId), ofContact))
      .orderBy(desc(userRatings.createdAt), desc(userRatings.id))
      .limit(1),
  ]);
  const rated = ratingRows[0]?.n ?? 0;
  return {
    ...contact,
    ticketCount: ticketRows[0]?.n ?? 0,
    ratings: {
      count: rated,
      average: rated > 0 ? Math.round(Number(ratingRows[0]?.average ?? 0) * 10) / 10 : null,
      last: lastRows[0] ?? null,
    },
  };
}
