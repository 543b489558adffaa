import { Hono } from "hono";
import { invoiceListQuery, subscriptionInput } from "../../contracts/billing";
import { listInvoices } from "../../domain/billing/listInvoices";
import { payInvoice, subscriptionUsage } from "../../domain/billing/payInvoice";
import { requireAuth } from "../middleware/auth";
import { jsonBody, query, type AppEnv } from "../http";

/** /api/invoices: the company's own invoices (admins). */
export const invoiceRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/all", async (c) => c.json(await listInvoices({ ctx: c.get("ctx"), input: query(c, invoiceListQuery) })));

/** /api/subscription: the Pix of one invoice (the webhook is served at the edge, edge.ts, with no session). */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .post("/", async (c) => {
    const input = await jsonBody(c, subscriptionInput);
    return c.json(await payInvoice({ ctx: c.get("ctx"), input }));
  })
  .get("/usage", async (c) => c.json(await subscriptionUsage({ ctx: c.get("ctx") })));
