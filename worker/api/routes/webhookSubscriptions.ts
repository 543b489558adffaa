import { Hono } from "hono";
import { webhookDeliveriesQuery, webhookSubscriptionInput, webhookSubscriptionUpdate } from "../../contracts/publicApi/webhooks";
import { createWebhookSubscription } from "../../domain/webhooks/createWebhookSubscription";
import { deleteWebhookSubscription } from "../../domain/webhooks/deleteWebhookSubscription";
import { getWebhookDelivery } from "../../domain/webhooks/getWebhookDelivery";
import { listWebhookDeliveries } from "../../domain/webhooks/listWebhookDeliveries";
import { listWebhookSubscriptions } from "../../domain/webhooks/listWebhookSubscriptions";
import { resendWebhookDelivery } from "../../domain/webhooks/resendWebhookDelivery";
import { rotateWebhookSecret } from "../../domain/webhooks/rotateWebhookSecret";
import { sendTestWebhook } from "../../domain/webhooks/sendTestWebhook";
import { updateWebhookSubscription } from "../../domain/webhooks/updateWebhookSubscription";
import { assertWebhookAccess } from "../../domain/webhooks/view";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";
import { createMiddleware } from "hono/factory";

/** An admin's, checked before any body is read (a forbidden request is 403 whatever it carries). */
const adminsOnly = createMiddleware<AppEnv>(async (c, next) => {
  assertWebhookAccess(c.get("ctx"));
  await next();
});

/** /api/webhook-subscriptions: the company's event webhooks (issue 25), an admin's. The secret is answered once. */
export const webhookSubscriptionRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, adminsOnly)
  .get("/", async (c) => c.json(await listWebhookSubscriptions({ ctx: c.get("ctx") })))
  .post("/", async (c) => {
    const input = await jsonBody(c, webhookSubscriptionInput);
    return c.json(await createWebhookSubscription({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const body = await jsonBody(c, webhookSubscriptionUpdate);
    return c.json(await updateWebhookSubscription({ ctx: c.get("ctx"), input: { id, body } }));
  })
  .delete("/:id", async (c) => {
    await deleteWebhookSubscription({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(null, 204);
  })
  .post("/:id/secret", async (c) => c.json(await rotateWebhookSecret({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/deliveries", async (c) => {
    const id = idParam(c);
    return c.json(await listWebhookDeliveries({ ctx: c.get("ctx"), input: { id, query: query(c, webhookDeliveriesQuery) } }));
  })
  .post("/:id/test", async (c) => c.json(await sendTestWebhook({ ctx: c.get("ctx"), input: { id: idParam(c) } }), 202));

/** /api/webhook-deliveries: one delivery of a log (with its body) and "send again". */
export const webhookDeliveryRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, adminsOnly)
  .get("/:id", async (c) => c.json(await getWebhookDelivery({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/resend", async (c) => c.json(await resendWebhookDelivery({ ctx: c.get("ctx"), input: { id: idParam(c) } }), 202));
