import { Hono } from "hono";
import type { HubActor } from "../../contracts/ws";
import { authenticate } from "../../domain/auth/authenticate";
import { hubHere } from "../../hub/ports";
import { isWebSocketUpgrade } from "../../lib/origin";
import type { AppEnv } from "../http";
import { requestToken } from "../middleware/auth";

/**
 * GET /api/ws: the websocket. The access token comes in the `token` query parameter (browsers cannot set
 * headers on a websocket) or the session cookie, which is taken only from our own pages (requestToken); the
 * socket is then handed to the company's hub.
 */
export const wsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (!isWebSocketUpgrade(c.req.raw)) {
    return c.json({ error: "ERR_VALIDATION", message: "Expected a websocket upgrade" }, 426);
  }
  const token = requestToken(c);
  // An expired company's admin keeps the socket that brings the payment event (ADR 0036).
  const user = await authenticate({ db: c.get("db"), env: c.env, token, billing: true });
  const actor: HubActor = {
    userId: user.id,
    sessionId: user.sessionId,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    queueIds: user.queueIds,
  };
  return hubHere(c.env).acceptSocket(actor);
});
