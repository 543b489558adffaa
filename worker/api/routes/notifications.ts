import { Hono } from "hono";
import { listNotifications } from "../../domain/notifications/listNotifications";
import { requireAuth } from "../middleware/auth";
import type { AppEnv } from "../http";

/** /api/notifications: the top bar's bell (what waits for the session's user). */
export const notificationRoutes = new Hono<AppEnv>().use("*", requireAuth).get("/", async (c) => c.json(await listNotifications({ ctx: c.get("ctx") })));
