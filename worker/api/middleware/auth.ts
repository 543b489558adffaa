import { createMiddleware } from "hono/factory";
import { authenticate } from "../../domain/auth/authenticate";
import { isBillingPath } from "../../domain/auth/companyAccess";
import { isEnrolmentPath } from "../../domain/twoFactor/required";
import type { ClientInfo, Ctx } from "../../domain/context";
import { AppError } from "../../domain/errors";
import { hubHere } from "../../hub/ports";
import { clientIp } from "../../lib/clientIp";
import { readCookie } from "../../lib/cookies";
import { isWebSocketUpgrade, requestOrigin } from "../../lib/origin";
import { ACCESS_COOKIE, type AppContext, type AppEnv } from "../http";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The session of the request's access token (see accessToken), in the hub's own database. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate({ db: c.get("db"), env: c.env, token: requestToken(c), billing: isBillingPath(c.req.path), enrolment: isEnrolmentPath(c.req.path) });
  c.set("user", user);
  c.set("ctx", { ...hubHere(c.env).contextFor(user), client: requestClient(c) });
  await next();
});

/** A read with the request's session: the session checked first (in the hub's own database, no round trip). */
export async function readWithSession<T>(c: AppContext, read: (ctx: Ctx) => Promise<T>): Promise<{ ctx: Ctx; result: T }> {
  const user = await authenticate({ db: c.get("db"), env: c.env, token: requestToken(c), billing: isBillingPath(c.req.path), enrolment: isEnrolmentPath(c.req.path) });
  const ctx: Ctx = { ...hubHere(c.env).contextFor(user), client: requestClient(c) };
  c.set("user", user);
  c.set("ctx", ctx);
  return { ctx, result: await read(ctx) };
}

/** The request's address and browser, for the audit log. */
export function requestClient(c: AppContext): ClientInfo {
  return { ip: clientIp(c.req.raw.headers, c.env), userAgent: c.req.header("user-agent") ?? null };
}

export function requestToken(c: AppContext): string {
  const token = accessToken(c.req.raw);
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", "Not authenticated.", { reason: "missing" });
  return token;
}

/**
 * The access token of a request (the edge checks its signature, the hub the rest): the bearer header
 * (integrations, other clients), a websocket's `token` query parameter (a browser cannot set headers on a
 * socket), or the session cookie (our own pages). The browser attaches the cookie whichever site made the
 * request, so a write or a websocket on the cookie must carry our own Origin; a token in a header or in the query
 * is one a page of another site cannot read, so it needs none.
 */
export function accessToken(request: Request): string | undefined {
  const authorization = request.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim();
  const upgrade = isWebSocketUpgrade(request);
  const queryToken = upgrade ? new URL(request.url).searchParams.get("token") : null;
  if (queryToken) return queryToken;
  const cookie = readCookie(request.headers.get("cookie"), ACCESS_COOKIE);
  if (cookie && (upgrade || UNSAFE.has(request.method))) assertSameOrigin(request);
  return cookie;
}

/** For what rides on our cookies (a cookie-authenticated write or socket, a refresh): only from our own pages. */
export function assertSameOrigin(request: Request) {
  if (requestOrigin(request) !== "ours") throw new AppError("ERR_CSRF");
}

/**
 * For what sets our cookies without reading them (a login): never from another site's page, which could otherwise
 * log a victim's browser into the attacker's account; a request with no Origin is not a browser page's (curl, an
 * integration) and may go on.
 */
export function refuseForeignOrigin(request: Request) {
  if (requestOrigin(request) === "foreign") throw new AppError("ERR_CSRF");
}
