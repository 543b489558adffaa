import { Hono } from "hono";
import { AppError, errorBody } from "../../domain/errors";
import { authorizeApiToken } from "../../domain/publicApi/authorizeApiToken";
import { recordApiTokenUse } from "../../domain/publicApi/recordApiTokenUse";
import { hubHere } from "../../hub/ports";
import { mountPublicRoutes, type PublicEnv, type PublicRoute } from "./publicRoute";
import { countApiCall } from "./rateLimit";
import { publicRoutes } from "./routes";

/**
 * The public API (issue 25), at /api/v1 inside the company's hub: the edge routed the request by the company its
 * token names (edge.ts); here the token is checked against the company's own table and the caller acts as the
 * token's maker within its scopes. No session cookie is read: a page of another site cannot use it.
 */
export function createPublicApi(routes: readonly PublicRoute[] = publicRoutes) {
  const app = new Hono<PublicEnv>({ strict: false });
  app.use("*", async (c, next) => {
    const hub = hubHere(c.env);
    const caller = await authorizeApiToken(c.get("db"), hub.companyId, c.req.header("authorization"));
    await recordApiTokenUse(c.get("db"), caller);
    const retryAfter = countApiCall(caller.tokenId);
    if (retryAfter !== null) {
      return c.json(errorBody(new AppError("ERR_RATE_LIMITED", undefined, { retryAfter })), 429, { "Retry-After": String(retryAfter) });
    }
    c.set("caller", caller);
    c.set("user", caller.user);
    c.set("ctx", hub.contextFor(caller.user));
    await next();
  });
  mountPublicRoutes(app, routes);
  return app;
}
