import { Hono } from "hono";
import { createControlDb } from "../db/client";
import { acceptCloudWebhook, answerCloudHandshake } from "../domain/cloud/acceptCloudWebhook";
import { AppError, errorBody } from "../domain/errors";
import type { Env } from "../env";

/** Meta posts a delivery of at most a few hundred events; anything far bigger is not Meta's. */
const MAX_WEBHOOK_BYTES = 3 * 1024 * 1024;

/**
 * Webhooks of outside platforms that call us with no session (ADR 0050): the WhatsApp Cloud API's, at
 * /webhooks/whatsapp for the platform's Meta app and /webhooks/whatsapp/<routeKey> for a company's own app.
 */
export function createWebhookRoutes() {
  const hooks = new Hono<{ Bindings: Env }>({ strict: false });

  for (const path of ["/whatsapp", "/whatsapp/:routeKey"]) {
    hooks.get(path, async (c) => {
      const challenge = await answerCloudHandshake(createControlDb(c.env.DB), c.env, c.req.param("routeKey") ?? null, c.req.query());
      return c.text(challenge, 200);
    });
    hooks.post(path, async (c) => {
      const declared = Number(c.req.header("content-length") ?? NaN);
      if (Number.isFinite(declared) && declared > MAX_WEBHOOK_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
      const body = new Uint8Array(await c.req.arrayBuffer());
      if (body.byteLength > MAX_WEBHOOK_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
      await acceptCloudWebhook(createControlDb(c.env.DB), c.env, {
        routeKey: c.req.param("routeKey") ?? null,
        body,
        signature: c.req.header("x-hub-signature-256"),
      });
      return c.text("OK", 200);
    });
  }

  hooks.onError((err, c) => {
    if (err instanceof AppError) return c.json(errorBody(err), err.status);
    console.error("webhook failed", err);
    return c.json({ error: "ERR_INTERNAL", message: "Internal error" }, 500);
  });
  return hooks;
}
