import { Hono } from "hono";
import { createEdgeApi } from "./api/edge";
import { createBridgeRoutes } from "./bridge/routes";
import { refuseForeignOrigin } from "./api/middleware/auth";
import { AppError } from "./domain/errors";
import { assertEnv, MisconfiguredError } from "./env";
import { runHousekeeping } from "./jobs/housekeeping";
import { handleOutboundBatch } from "./jobs/outbound";
import type { Env } from "./env";

type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** The whole worker: the API at /api, and pages (Remix) for everything else when a page handler is given. */
export function createWorker(pages?: PageHandler) {
  const app = new Hono<{ Bindings: Env }>({ strict: false });
  // A deployment without its secrets refuses every request (pages included) rather than run with defaults.
  app.use("*", async (c, next) => {
    assertEnv(c.env);
    await next();
  });
  app.route("/api", createEdgeApi());
  app.route("/bridge", createBridgeRoutes());
  if (pages) {
    app.all("*", (c) => {
      // A page action sets or reads our cookies: never for another site's page (CSRF). Remix's own check throws (500).
      if (c.req.method !== "GET" && c.req.method !== "HEAD") refuseForeignOrigin(c.req.raw);
      return pages(c.req.raw, c.env, c.executionCtx);
    });
  }
  app.onError((err, c) => {
    if (err instanceof MisconfiguredError) {
      console.error(err.message);
      return c.text("This deployment is missing its secrets; see the README.", 503);
    }
    if (err instanceof AppError) return c.text(err.message, err.status);
    console.error("unhandled page error", err);
    return c.text("Internal error", 500);
  });

  return {
    fetch: app.fetch,
    async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
      assertEnv(env);
      const now = new Date(controller.scheduledTime);
      ctx.waitUntil(runHousekeeping(env, now));
    },
    async queue(batch: MessageBatch<unknown>, env: Env) {
      assertEnv(env);
      await handleOutboundBatch(batch, env);
    },
  } satisfies ExportedHandler<Env>;
}
