import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { authenticate } from "../../domain/auth/authenticate";
import { AppError } from "../../domain/errors";
import { ACCESS_COOKIE, type AppEnv } from "../http";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Bearer token (integrations, the websocket, other clients) or the session cookie (our own pages).
 * Cookie-authenticated writes must come from our own origin: browsers always send Origin on such requests,
 * and a cross-site page cannot forge it.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization");
  let token: string | undefined;
  if (header?.toLowerCase().startsWith("bearer ")) {
    token = header.slice(7).trim();
  } else {
    token = getCookie(c, ACCESS_COOKIE);
    if (token && UNSAFE.has(c.req.method)) assertSameOrigin(c.req.raw);
  }
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", "Not authenticated.", { reason: "missing" });
  const db = c.get("db");
  const user = await authenticate({ db, env: c.env, token });
  c.set("user", user);
  c.set("ctx", {
    db,
    env: c.env,
    companyId: user.companyId,
    user,
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p);
      } catch {
        void p; // no execution context (tests calling app.request directly): let it run
      }
    },
  });
  await next();
});

export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin || origin !== new URL(request.url).origin) throw new AppError("ERR_CSRF");
}
