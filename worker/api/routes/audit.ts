import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { auditExportQuery, auditQuery, startSupportAccessInput, supportAccessQuery } from "../../contracts/audit";
import { endSupportAccess } from "../../domain/audit/endSupportAccess";
import { exportAudit } from "../../domain/audit/exportAudit";
import { listAudit } from "../../domain/audit/listAudit";
import { exportPlatformAudit, listPlatformAudit } from "../../domain/audit/listPlatformAudit";
import { listSupportAccesses, runningSupportAccesses } from "../../domain/audit/listSupportAccesses";
import { startSupportAccess } from "../../domain/audit/startSupportAccess";
import { requirePermission } from "../../domain/context";
import type { PermissionKey } from "../../domain/permissions";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** The permission checked before any query or body is read (a forbidden request is 403 whatever it carries). */
const allowed = (key: PermissionKey) =>
  createMiddleware<AppEnv>(async (c, next) => {
    requirePermission(c.get("ctx"), key);
    await next();
  });

const csvHeaders = (name: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${name}"`,
  "cache-control": "no-store",
});

/** /api/audit: the company's audit log for its admins, the platform's for super admins (issue 28). */
export const auditRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/platform", allowed("audit:platform"), async (c) => c.json(await listPlatformAudit({ ctx: c.get("ctx"), input: query(c, auditQuery) })))
  .get("/platform/export", allowed("audit:platform"), async (c) =>
    c.body(await exportPlatformAudit({ ctx: c.get("ctx"), input: query(c, auditExportQuery) }), 200, csvHeaders("platform-audit.csv")),
  )
  .get("/support", allowed("audit:view"), async (c) => c.json(await runningSupportAccesses({ ctx: c.get("ctx") })))
  .get("/export", allowed("audit:view"), async (c) =>
    c.body(await exportAudit({ ctx: c.get("ctx"), input: query(c, auditExportQuery) }), 200, csvHeaders("audit.csv")),
  )
  .get("/", allowed("audit:view"), async (c) => c.json(await listAudit({ ctx: c.get("ctx"), input: query(c, auditQuery) })));

/** /api/support-accesses: a super admin's time-boxed accesses to companies (issue 28). */
export const supportAccessRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, allowed("audit:platform"))
  .get("/", async (c) => c.json(await listSupportAccesses({ ctx: c.get("ctx"), input: query(c, supportAccessQuery) })))
  .post("/", async (c) => {
    const input = await jsonBody(c, startSupportAccessInput);
    return c.json(await startSupportAccess({ ctx: c.get("ctx"), input }), 201);
  })
  .post("/:id/end", async (c) => c.json(await endSupportAccess({ ctx: c.get("ctx"), input: { id: idParam(c) } })));
