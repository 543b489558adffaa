import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { companies } from "../../db/control";
import { companyExportsQuery, startCompanyExportInput } from "../../contracts/companyExports";
import { requirePermission, type Ctx } from "../../domain/context";
import { downloadCompanyExport } from "../../domain/companyExport/downloadCompanyExport";
import { AppError } from "../../domain/errors";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** The company the request acts on: the admin's own; a super admin may name any (checked after the permission). */
async function targetCompany(ctx: Ctx, companyId: number | undefined): Promise<number> {
  if (companyId === undefined || companyId === ctx.companyId) return ctx.companyId;
  if (!ctx.user.super) throw new AppError("ERR_NO_PERMISSION");
  const company = await ctx.control.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get();
  if (!company) throw new AppError("ERR_NOT_FOUND");
  return companyId;
}

/**
 * /api/company-exports (issue 27 §3): a company's whole export, started by its admin or by a super admin for any
 * company; the work runs in that company's hub. The signed download link is answered at the edge (api/edge.ts);
 * here, a download on the session of the company's admin.
 */
export const companyExportRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "company:export");
    const companyId = await targetCompany(ctx, query(c, companyExportsQuery).companyId);
    return c.json(await ctx.hubs.of(companyId).call("listCompanyExports", {}));
  })
  .post("/", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "company:export");
    const input = await jsonBody(c, startCompanyExportInput);
    const companyId = await targetCompany(ctx, input.companyId);
    const requestedBy = { id: ctx.user.id, name: ctx.user.name, super: ctx.user.super && companyId !== ctx.companyId };
    return c.json(await ctx.hubs.of(companyId).call("startCompanyExport", { requestedBy, client: ctx.client ?? null }), 201);
  })
  .get("/:id/download", async (c) => {
    const ctx = c.get("ctx");
    requirePermission(ctx, "company:export");
    const file = await downloadCompanyExport({ ctx, input: { id: idParam(c) } });
    return new Response(file.body, { headers: file.headers });
  });
