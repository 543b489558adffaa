import { z } from "zod";
import {
  publicCreatedWebhookSubscription,
  publicWebhookDelivery,
  publicWebhookSubscription,
  webhookDeliveriesQuery,
  webhookSubscriptionInput,
  webhookSubscriptionUpdate,
} from "../../../contracts/publicApi/webhooks";
import { createWebhookSubscription } from "../../../domain/webhooks/createWebhookSubscription";
import { deleteWebhookSubscription } from "../../../domain/webhooks/deleteWebhookSubscription";
import { getWebhookSubscription } from "../../../domain/webhooks/getWebhookSubscription";
import { listWebhookDeliveries } from "../../../domain/webhooks/listWebhookDeliveries";
import { listWebhookSubscriptions } from "../../../domain/webhooks/listWebhookSubscriptions";
import { updateWebhookSubscription } from "../../../domain/webhooks/updateWebhookSubscription";
import { presentPublicWebhookDelivery, presentPublicWebhookSubscription } from "../../../domain/webhooks/view";
import { publicRoute } from "../publicRoute";

const idParams = z.strictObject({ id: z.coerce.number().int().positive() });

const subscriptionExample = {
  id: 9000000012,
  url: "https://n8n.example.com/webhook/zapdesk",
  description: "CRM",
  events: ["ticket.created" as const, "message.created" as const],
  status: "active" as const,
  pausedReason: null,
  consecutiveFailures: 0,
  lastDeliveryAt: "2026-11-29T12:00:00.000Z",
  createdAt: "2026-11-29T11:00:00.000Z",
  updatedAt: "2026-11-29T11:00:00.000Z",
};

const deliveryExample = {
  id: 9000000345,
  subscriptionId: 9000000012,
  eventId: "evt_0b6c1f4e-6f55-4d4e-9a3a-2f1f0e9d8c7b",
  eventType: "ticket.created",
  status: "delivered" as const,
  attempts: 1,
  responseStatus: 200,
  error: null,
  durationMs: 84,
  nextAttemptAt: null,
  createdAt: "2026-11-29T12:00:00.000Z",
  lastAttemptAt: "2026-11-29T12:00:00.100Z",
  deliveredAt: "2026-11-29T12:00:00.100Z",
};

/** Event webhooks managed by an integration (`webhooks:manage`), the same rules as the admin's page. */
export const webhookRoutes = [
  publicRoute(
    {
      method: "get",
      path: "/webhooks",
      operationId: "listWebhooks",
      summary: "List the company's event webhooks",
      tag: "Webhooks",
      scope: "webhooks:manage",
      response: { status: 200, schema: z.strictObject({ items: z.array(publicWebhookSubscription) }), example: { items: [subscriptionExample] } },
      errors: [],
    },
    async ({ ctx }) => ({ items: (await listWebhookSubscriptions({ ctx })).map(presentPublicWebhookSubscription) }),
  ),
  publicRoute(
    {
      method: "post",
      path: "/webhooks",
      operationId: "createWebhook",
      summary: "Subscribe a URL to events",
      description:
        "The answer carries the signing secret, shown this once. Each delivery is signed: `X-Zapdesk-Signature: v1=<hex>` is HMAC-SHA256(secret, \"<X-Zapdesk-Timestamp>.<raw body>\"); `X-Zapdesk-Event` names the type and `X-Zapdesk-Delivery` the event id (the same on every retry and resend).",
      tag: "Webhooks",
      scope: "webhooks:manage",
      body: webhookSubscriptionInput,
      response: { status: 201, schema: publicCreatedWebhookSubscription, example: { secret: "whsec_3q2-7wW4yJvR0m1Qe8Zb5tXcKs9LpNdA6fUhGiYoVjE", subscription: subscriptionExample } },
      errors: ["ERR_VALIDATION"],
    },
    async ({ ctx, body }) => {
      const created = await createWebhookSubscription({ ctx, input: body });
      return { secret: created.secret, subscription: presentPublicWebhookSubscription(created.subscription) };
    },
  ),
  publicRoute(
    {
      method: "get",
      path: "/webhooks/:id",
      operationId: "getWebhook",
      summary: "Read an event webhook",
      tag: "Webhooks",
      scope: "webhooks:manage",
      params: idParams,
      response: { status: 200, schema: publicWebhookSubscription, example: subscriptionExample },
      errors: ["ERR_NOT_FOUND"],
    },
    async ({ ctx, params }) => presentPublicWebhookSubscription(await getWebhookSubscription({ ctx, input: { id: params.id } })),
  ),
  publicRoute(
    {
      method: "put",
      path: "/webhooks/:id",
      operationId: "updateWebhook",
      summary: "Change an event webhook, or pause or resume it",
      description: "`active: true` resumes a paused webhook and forgets its failures.",
      tag: "Webhooks",
      scope: "webhooks:manage",
      params: idParams,
      body: webhookSubscriptionUpdate,
      response: { status: 200, schema: publicWebhookSubscription, example: subscriptionExample },
      errors: ["ERR_NOT_FOUND", "ERR_VALIDATION"],
    },
    async ({ ctx, params, body }) => presentPublicWebhookSubscription(await updateWebhookSubscription({ ctx, input: { id: params.id, body } })),
  ),
  publicRoute(
    {
      method: "delete",
      path: "/webhooks/:id",
      operationId: "deleteWebhook",
      summary: "Delete an event webhook and its delivery log",
      tag: "Webhooks",
      scope: "webhooks:manage",
      params: idParams,
      response: { status: 204 },
      errors: ["ERR_NOT_FOUND"],
    },
    async ({ ctx, params }) => deleteWebhookSubscription({ ctx, input: { id: params.id } }),
  ),
  publicRoute(
    {
      method: "get",
      path: "/webhooks/:id/deliveries",
      operationId: "listWebhookDeliveries",
      summary: "A webhook's delivery log, newest first",
      description: "50 a page; pass the answer's `cursor` for the next page (null on the last).",
      tag: "Webhooks",
      scope: "webhooks:manage",
      params: idParams,
      query: webhookDeliveriesQuery,
      response: {
        status: 200,
        schema: z.strictObject({ items: z.array(publicWebhookDelivery), cursor: z.number().int().positive().nullable() }),
        example: { items: [deliveryExample], cursor: null },
      },
      errors: ["ERR_NOT_FOUND"],
    },
    async ({ ctx, params, query }) => {
      const page = await listWebhookDeliveries({ ctx, input: { id: params.id, query } });
      return { items: page.items.map(presentPublicWebhookDelivery), cursor: page.cursor };
    },
  ),
];
