import { and, eq } from "drizzle-orm";
import { companies, queues, tickets } from "../../../db/tenant";
import { isWithinServiceHours } from "../../chatbot/serviceHours";
import type { SystemCtx } from "../../context";
import { settingsFor } from "../../settings/companySettingValues";

/**
 * Whether a contact's message on the ticket arrived out of hours, as the chatbot decides it (the `scheduleType`
 * setting): the company's hours, or the ticket's queue's (a ticket not yet in a queue counts as in hours then).
 * With no schedule kept at all, it is never out of hours.
 */
export async function outsideServiceHours(ctx: SystemCtx, ticketId: number, now: Date): Promise<boolean> {
  const { scheduleType } = await settingsFor(ctx, ["scheduleType"]);
  if (scheduleType !== "company" && scheduleType !== "queue") return false;
  const company = ctx.db.select({ timezone: companies.timezone, schedules: companies.schedules }).from(companies).where(eq(companies.id, ctx.companyId)).get();
  if (!company) return false;
  if (scheduleType === "company") return !isWithinServiceHours(company.schedules, company.timezone, now);
  const queue = ctx.db
    .select({ schedules: queues.schedules })
    .from(tickets)
    .innerJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)))
    .get();
  return queue ? !isWithinServiceHours(queue.schedules, company.timezone, now) : false;
}
