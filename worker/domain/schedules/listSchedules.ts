import { and, asc, count, eq, gte, lt, or } from "drizzle-orm";
import { MAX_RANGE_ROWS, type ListSchedulesQuery } from "../../contracts/schedules";
import { contacts, schedules } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertPlanFeature } from "../plans/planLimits";
import { containsText, pageOf } from "../shared/paging";
import { presentSchedule, schedulesQuery } from "./view";

/**
 * GET /schedules: the company's schedules, soonest first, searched over the message and the contact's name and
 * number, filtered by status, contact and time range. A range (the calendar's month, week or day) answers up to
 * MAX_RANGE_ROWS per page; the list pages by 20.
 */
export async function listSchedules({ ctx, input }: { ctx: Ctx; input: ListSchedulesQuery }) {
  await assertPlanFeature(ctx, "useSchedules");
  const term = input.searchParam;
  const where = and(
    eq(schedules.companyId, ctx.companyId),
    input.status ? eq(schedules.status, input.status) : undefined,
    input.contactId ? eq(schedules.contactId, input.contactId) : undefined,
    input.from ? gte(schedules.sendAt, input.from) : undefined,
    input.to ? lt(schedules.sendAt, input.to) : undefined,
    term ? or(containsText(schedules.body, term), containsText(contacts.name, term), containsText(contacts.number, term)) : undefined,
  );
  const page = pageOf(input.pageNumber, input.from || input.to ? MAX_RANGE_ROWS : undefined);
  const [rows, total] = await Promise.all([
    schedulesQuery(ctx.db, where).orderBy(asc(schedules.sendAt), asc(schedules.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { schedules: rows.map(presentSchedule), count: n, hasMore: page.hasMore(n) };
}
