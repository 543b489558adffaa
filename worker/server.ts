import { Hono, type Context } from "hono";
import { createEdgeApi } from "./api/edge";
import { createBridgeRoutes } from "./bridge/routes";
import { createWebhookRoutes } from "./api/webhooks";
import { refuseForeignOrigin } from "./api/middleware/auth";
import { AppError, errorBody } from "./domain/errors";
import { assertEnv, MisconfiguredError } from "./env";
import { runHousekeeping } from "./jobs/housekeeping";
import { wakeStalledHubs } from "./jobs/stalledHubs";
import { handleOutboundBatch } from "./jobs/outbound";
import { openDueInvoices } from "./domain/billing/openInvoices";
import { handleFanoutBatch } from "./jobs/fanout";
import { handleInboundBatch } from "./jobs/inbound";
import { handleWebhookBatch } from "./jobs/webhookDelivery";
import { handlePushBatch } from "./jobs/push";
import { newCspNonce, securityHeaders, withSecurityHeaders } from "./lib/securityHeaders";
import { embeddedSignupSettings } from "./domain/cloud/embeddedSignup";
import type { Env } from "./env";

/** Renders a page; `nonce` is the one its inline scripts must carry (the response's CSP names it). */
export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, page: { nonce: string }) => Promise<Response>;

type WorkerEnv = { Bindings: Env; Variables: { cspNonce?: string } };

/** The pages whose address is under /api (and their Remix data requests). */
export const API_PAGES = ["/api/docs", "/api/docs.data"];

/** The whole worker: the API at /api, and pages (Remix) for everything else when a page handler is given. */
export function createWorker(pages?: PageHandler) {
  const app = new Hono<WorkerEnv>({ strict: false });
  // Every answer, errors included, carries the security headers; a page's policy names the nonce it rendered with.
  app.use("*", async (c, next) => {
    await next();
    // Embedded Signup's Facebook SDK, where the deployment offers it, may load on any page.
    const facebookSdk = c.env ? embeddedSignupSettings(c.env)?.sdkUrl : undefined;
    c.res = withSecurityHeaders(c.res, securityHeaders({ url: c.req.url, nonce: c.get("cspNonce"), facebookSdk }));
  });
  // An address that is not valid percent-encoded UTF-8 is refused before any route decodes it (the API's params,
  // Remix's router): 400 on every route and page, rather than a 500 wherever it is first decoded.
  app.use("*", async (c, next) => {
    if (!isWellEncoded(c.req.url)) {
      const error = new AppError("ERR_MALFORMED_URL");
      return /^\/(api|bridge|webhooks)\//.test(c.req.path) ? c.json(errorBody(error), 400) : c.text(error.message, 400);
    }
    await next();
  });
  // A deployment without its secrets refuses every request (pages included) rather than run with defaults.
  app.use("*", async (c, next) => {
    assertEnv(c.env);
    await next();
  });
  const page = pages
    ? async (c: Context<WorkerEnv>) => {
        // A page action sets or reads our cookies: never for another site's page (CSRF). Remix's own check throws (500).
        if (c.req.method !== "GET" && c.req.method !== "HEAD") refuseForeignOrigin(c.req.raw);
        const nonce = newCspNonce();
        c.set("cspNonce", nonce);
        return withPageCaching(await pages(c.req.raw, c.env, c.executionCtx, { nonce }));
      }
    : undefined;
  // The public API's reference (issue 25) is a page under /api: it and its data reach Remix, not the API.
  if (page) for (const path of API_PAGES) app.get(path, page);
  app.route("/api", createEdgeApi());
  app.route("/bridge", createBridgeRoutes());
  app.route("/webhooks", createWebhookRoutes());
  if (page) app.all("*", page);
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
      const work: Promise<unknown>[] = [runHousekeeping(env, now), wakeStalledHubs(env, now)];
      // Invoices open once an hour (idempotent: one per company and due date).
      if (now.getUTCMinutes() === 5) work.push(openDueInvoices(env, now));
      ctx.waitUntil(Promise.allSettled(work));
    },
    async queue(batch: MessageBatch<unknown>, env: Env) {
      assertEnv(env);
      if (batch.queue.startsWith("zapdesk-fanout")) await handleFanoutBatch(batch, env);
      else if (batch.queue.startsWith("zapdesk-inbound")) await handleInboundBatch(batch, env);
      else if (batch.queue.startsWith("zapdesk-webhooks")) await handleWebhookBatch(batch, env);
      else if (batch.queue.startsWith("zapdesk-push")) await handlePushBatch(batch, env);
      else await handleOutboundBatch(batch, env);
    },
  } satisfies ExportedHandler<Env>;
}

/** Whether the path and the query decode as percent-encoded UTF-8 (a lone `%`, or %ED%A0%80, a surrogate, do not). */
export function isWellEncoded(url: string): boolean {
  const { pathname, search } = new URL(url);
  try {
    decodeURIComponent(pathname);
    decodeURIComponent(search.replace(/\+/g, " "));
    return true;
  } catch {
    return false;
  }
}

/**
 * A page, or its data (Remix's `.data` requests), shows one signed-in user's company: no cache may keep it, shared
 * or the browser's own (a back button after logout, another user of the same computer). The built files they load
 * are cached for a year by name (web/public/_headers).
 */
export const PAGE_CACHE_CONTROL = "private, no-store";

function withPageCaching(response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  const page = new Response(response.body, response);
  page.headers.set("cache-control", PAGE_CACHE_CONTROL);
  return page;
}
