import { Hono } from "hono";
import { loginInput } from "../../contracts/auth";
import { loadSessionUser } from "../../domain/auth/sessionUser";
import { login } from "../../domain/auth/login";
import { logout } from "../../domain/auth/logout";
import { refreshSession } from "../../domain/auth/refreshSession";
import { AppError } from "../../domain/errors";
import { assertSameOrigin, requireAuth } from "../middleware/auth";
import { clearSessionCookies, clientIp, jsonBody, refreshCookie, setSessionCookies, type AppEnv } from "../http";

export const authRoutes = new Hono<AppEnv>()
  .post("/login", async (c) => {
    const input = await jsonBody(c, loginInput);
    const result = await login({
      db: c.get("db"),
      env: c.env,
      input,
      ip: clientIp(c),
      userAgent: c.req.header("user-agent") ?? null,
    });
    setSessionCookies(c, result);
    return c.json({ token: result.token, user: result.user });
  })
  .post("/refresh_token", async (c) => {
    // The refresh token only travels in its httpOnly cookie; the request must come from our own pages.
    assertSameOrigin(c.req.raw);
    try {
      const result = await refreshSession({ db: c.get("db"), env: c.env, refreshToken: refreshCookie(c) });
      setSessionCookies(c, result);
      return c.json({ token: result.token, user: result.user });
    } catch (err) {
      if (err instanceof AppError) clearSessionCookies(c);
      throw err;
    }
  })
  .delete("/logout", requireAuth, async (c) => {
    await logout({ ctx: c.get("ctx") });
    clearSessionCookies(c);
    return c.json({ message: "Logged out" });
  })
  .get("/me", requireAuth, async (c) => {
    const ctx = c.get("ctx");
    return c.json(await loadSessionUser(ctx.db, ctx.user.id, ctx.companyId));
  });
