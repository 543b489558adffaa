import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { HubActor } from "../../contracts/ws";
import { authenticate } from "../../domain/auth/authenticate";
import { AppError } from "../../domain/errors";
import { hubHere } from "../../hub/ports";
import { ACCESS_COOKIE, type AppEnv } from "../http";

/**
 * GET /api/ws: the websocket. The access token comes in the `token` query parameter (browsers cannot set
 * headers on a websocket) or the session cookie; the socket is then handed to the company's hub.
 */
export const wsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return c.json({ error: "ERR_VALIDATION", message: "Expected a websocket upgrade" }, 426);
  }
  const token = c.req.query("token") ?? getCookie(c, ACCESS_COOKIE);
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", "Not authenticated.", { reason: "missing" });
  const user = await authenticate({ db: c.get("db"), env: c.env, token });
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
