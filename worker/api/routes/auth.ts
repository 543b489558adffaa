import { Hono } from "hono";
import { loadSessionUser } from "../../domain/auth/sessionUser";
import { logout } from "../../domain/auth/logout";
import { requireAuth } from "../middleware/auth";
import { clearSessionCookies, type AppEnv } from "../http";

/** /api/auth in the hub; login and refresh_token run at the edge (edge.ts), before there is a session to check. */
export const authRoutes = new Hono<AppEnv>()
  .delete("/logout", requireAuth, async (c) => {
    await logout({ ctx: c.get("ctx") });
    clearSessionCookies(c);
    return c.json({ message: "Logged out" });
  })
  .get("/me", requireAuth, async (c) => {
    const ctx = c.get("ctx");
    return c.json(await loadSessionUser(ctx.db, ctx.user.id, ctx.companyId));
  });
