import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { authenticate } from "../../domain/auth/authenticate";
import type { Ctx } from "../../domain/context";
import { AppError } from "../../domain/errors";
import { hubHere } from "../../hub/ports";
import { ACCESS_COOKIE, type AppContext, type AppEnv } from "../http";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Bearer token (integrations, the websocket, other clients) or the session cookie (our own pages).
 * Cookie-authenticated writes must come from our own origin: browsers always send Origin on such requests,
 * and a cross-site page cannot forge it.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate({ db: c.get("db"), env: c.env, token: requestToken(c) });
  c.set("user", user);
  c.set("ctx", hubHere(c.env).contextFor(user));
  await next();
});

/** A read with the request's session: the session checked first (in the hub's own database, no round trip). */
export async function readWithSession<T>(c: AppContext, read: (ctx: Ctx) => Promise<T>): Promise<{ ctx: Ctx; result: T }> {
  const user = await authenticate({ db: c.get("db"), env: c.env, token: requestToken(c) });
  const ctx = hubHere(c.env).contextFor(user);
  c.set("user", user);
  c.set("ctx", ctx);
  return { ctx, result: await read(ctx) };
}

export function requestToken(c: AppContext): string {
  const header = c.req.header("authorization");
  let token: string | undefined;
  if (header?.toLowerCase().startsWith("bearer ")) {
    token = header.slice(7).trim();
  } else {
    token = getCookie(c, ACCESS_COOKIE);
    if (token && UNSAFE.has(c.req.method)) assertSameOrigin(c.req.raw);
  }
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", "Not authenticated.", { reason: "missing" });
  return token;
}

export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (!origin || origin !== new URL(request.url).origin) throw new AppError("ERR_CSRF");
}
