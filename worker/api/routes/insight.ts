import { Hono } from "hono";
import { dashboardQuery, ticketReportsQuery } from "../../contracts/insight";
import { getDashboard } from "../../domain/insight/getDashboard";
import { listTicketReports, REPORT_CSV_HEADERS, reportsCsv } from "../../domain/insight/listTicketReports";
import { ticketsPerDay } from "../../domain/insight/ticketsPerDay";
import { ticketsPerUser } from "../../domain/insight/ticketsPerUser";
import { requireAuth } from "../middleware/auth";
import { query, type AppEnv } from "../http";

/** /api/dashboard (spec 000): the service figures of a period, per day and per agent. Admins only. */
export const dashboardRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await getDashboard({ ctx: c.get("ctx"), input: query(c, dashboardQuery) })))
  .get("/ticketsDay", async (c) => c.json(await ticketsPerDay({ ctx: c.get("ctx"), input: query(c, dashboardQuery) })))
  .get("/ticketsUsers", async (c) => c.json(await ticketsPerUser({ ctx: c.get("ctx"), input: query(c, dashboardQuery) })));

/** /api/ticket/reports (spec 000): the tickets served in a period, paged, or all of them (up to a cap) as CSV. */
export const ticketReportRoutes = new Hono<AppEnv>().use("*", requireAuth).get("/reports", async (c) => {
  const input = query(c, ticketReportsQuery);
  const result = await listTicketReports({ ctx: c.get("ctx"), input });
  if (input.format !== "csv") return c.json(result);
  return c.body(reportsCsv(result.reports, REPORT_CSV_HEADERS), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="tickets-report.csv"`,
  });
});
