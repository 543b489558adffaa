import { Hono } from "hono";
import { listQueues } from "../../domain/queues/listQueues";
import { listConnections } from "../../domain/whatsapps/listConnections";
import { requireAuth } from "../middleware/auth";
import type { AppEnv } from "../http";

/** GET /api/queue: the company's queues (read-only until the queues page lands). */
export const queueRoutes = new Hono<AppEnv>().use(requireAuth).get("/", async (c) => c.json(await listQueues({ ctx: c.get("ctx") })));

/** GET /api/whatsapp: the company's connections (read-only until the connections page lands). */
export const whatsappRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await listConnections({ ctx: c.get("ctx") })));
