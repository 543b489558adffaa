import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { hostId } from "../../contracts/bridge";
import { requirePermission } from "../../domain/context";
import { listHostedConnections } from "../../domain/sessionHost/listHostedConnections";
import { listSessionHosts } from "../../domain/sessionHost/listSessionHosts";
import { requireAuth } from "../middleware/auth";
import { parseWith, type AppEnv } from "../http";

/** Platform admins only, checked before anything else is read. */
const platformAdmin = createMiddleware<AppEnv>(async (c, next) => {
  requirePermission(c.get("ctx"), "companies:manage");
  await next();
});

/** /api/platform/session-hosts (issue 30, ADR 0056): the session hosts, their load and their connections (super admin). */
export const sessionHostRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, platformAdmin)
  .get("/", async (c) => c.json(await listSessionHosts({ ctx: c.get("ctx") })))
  .get("/:hostId/connections", async (c) =>
    c.json(await listHostedConnections({ ctx: c.get("ctx"), input: { hostId: parseWith(hostId, c.req.param("hostId")) } })),
  );
