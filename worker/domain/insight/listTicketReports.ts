import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { TicketReportsQuery } from "../../contracts/insight";
import { contacts, queues, tags, tickets, ticketServicePeriods as sp, ticketTags, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { csvLine } from "../contacts/csv";
import { containsText, pageOf } from "../shared/paging";
import { episodeFilter, insightPeriod } from "./serviceFacts";
import { minutes } from "./stats";
import type { TicketReportsPage } from "../../contracts/views/insight";
import { recordAudit } from "../audit/recordAudit";

/** The most rows one CSV export holds (newest first); the page says so when a period has more. */
export const REPORT_EXPORT_MAX = 10_000;

const span = (from: number | null, to: number | null) => (from === null || to === null ? null : minutes(to - from));

/**
 * GET /ticket/reports: one row per service episode started in the period (a ticket reopened in it shows once per
 * episode), newest first, filtered by queue, agent, the ticket's status now and the contact's name or number;
 * with the episode's times (minutes), its rating and the ticket's tags.
 */
export async function listTicketReports({ ctx, input, now = new Date() }: { ctx: Ctx; input: TicketReportsQuery; now?: Date }): Promise<TicketReportsPage> {
  const period = await insightPeriod(ctx, input, now);
  const where: SQL[] = [...episodeFilter(ctx, input), gte(sp.startedAt, period.from), lt(sp.startedAt, period.to)];
  if (input.status) where.push(eq(tickets.status, input.status));
  if (input.searchParam) where.push(or(containsText(contacts.name, input.searchParam), containsText(contacts.number, input.searchParam))!);
  const csv = input.format === "csv";
  const page = pageOf(csv ? 1 : input.pageNumber, csv ? REPORT_EXPORT_MAX : input.pageSize);
  const base = () =>
    ctx.db
      .select({
        id: sp.id,
        ticketId: tickets.id,
        uuid: tickets.uuid,
        status: tickets.status,
        contactName: contacts.name,
        contactNumber: contacts.number,
        queueName: queues.name,
        queueColor: queues.color,
        userName: users.name,
        startedAt: sp.startedAt,
        queuedAt: sp.queuedAt,
        acceptedAt: sp.acceptedAt,
        firstResponseAt: sp.firstResponseAt,
        finishedAt: sp.finishedAt,
        transfers: sp.transfers,
        rate: sp.rate,
      })
      .from(sp)
      .innerJoin(tickets, eq(tickets.id, sp.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(queues, eq(queues.id, sp.queueId))
      .leftJoin(users, eq(users.id, sp.userId));
  const rows = await base()
    .where(and(...where))
    .orderBy(desc(sp.startedAt), desc(sp.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  const total =
    (
      await ctx.db
        .select({ n: count() })
        .from(sp)
        .innerJoin(tickets, eq(tickets.id, sp.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(...where))
        .get()
    )?.n ?? 0;
  const tagRows = rows.length
    ? await ctx.db
        .select({ ticketId: ticketTags.ticketId, name: tags.name, color: tags.color })
        .from(ticketTags)
        .innerJoin(tags, eq(tags.id, ticketTags.tagId))
        .where(inArray(ticketTags.ticketId, [...new Set(rows.map((r) => r.ticketId))]))
        .all()
    : [];
  const reports = rows.map((r) => ({
    id: r.id,
    ticketId: r.ticketId,
    uuid: r.uuid,
    status: r.status,
    contact: { name: r.contactName, number: r.contactNumber },
    queue: r.queueName === null ? null : { name: r.queueName, color: r.queueColor },
    user: r.userName === null ? null : { name: r.userName },
    startedAt: new Date(r.startedAt).toISOString(),
    finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt).toISOString(),
    waitTime: span(r.queuedAt, r.acceptedAt),
    firstResponseTime: span(r.queuedAt, r.firstResponseAt),
    resolutionTime: span(r.startedAt, r.finishedAt),
    transfers: r.transfers,
    rate: r.rate,
    tags: tagRows.filter((t) => t.ticketId === r.ticketId).map((t) => ({ name: t.name, color: t.color })),
  }));
  // The CSV leaves the product: recorded (a read writes nothing else, so there is no action to commit it with).
  if (csv) {
    recordAudit(ctx, {
      action: "data.exported",
      target: { type: "report", id: "ticketReports", label: "tickets-report.csv" },
      detail: { what: "ticketReports", rows: reports.length, from: new Date(period.from).toISOString(), to: new Date(period.to).toISOString(), filtered: Boolean(input.searchParam || input.status || input.queueId || input.userId) },
    });
  }
  return { reports, count: total, hasMore: page.hasMore(total), timezone: period.timezone };
}

export type TicketReport = Awaited<ReturnType<typeof listTicketReports>>["reports"][number];

/** The report rows as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read accents right). */
export function reportsCsv(reports: TicketReport[], headers: readonly string[]): string {
  const text = (v: string | number | null) => (v === null ? "" : String(v));
  let out = `\uFEFF${csvLine([...headers])}`;
  for (const r of reports) {
    out += csvLine([
      text(r.ticketId),
      r.contact.name,
      r.contact.number,
      r.queue?.name ?? "",
      r.user?.name ?? "",
      r.status,
      r.startedAt,
      r.finishedAt ?? "",
      text(r.waitTime),
      text(r.firstResponseTime),
      text(r.resolutionTime),
      text(r.transfers),
      text(r.rate),
      r.tags.map((t) => t.name).join("; "),
    ]);
  }
  return out;
}

export const REPORT_CSV_HEADERS = [
  "ticket",
  "contact",
  "number",
  "queue",
  "agent",
  "status",
  "started",
  "finished",
  "wait (min)",
  "first response (min)",
  "resolution (min)",
  "transfers",
  "rating",
  "tags",
] as const;
