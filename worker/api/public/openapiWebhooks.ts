import { WEBHOOK_EVENT_TYPES, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS, webhookEnvelope, webhookEventData, type WebhookEventType } from "../../contracts/publicApi/events";
import { jsonSchemaOf, type SchemaCollector } from "./jsonSchema";
import { WEBHOOK_EVENTS_TAG, type OpenApiParameter, type OpenApiPathItem } from "../../contracts/publicApi/openApiDocument";

/** What each event says, for the reference. */
const EVENT_SUMMARIES: Record<WebhookEventType, string> = {
  "message.created": "A message was written in a ticket, by the contact or by the company",
  "message.status": "A message's delivery status changed (sent, delivered, read…)",
  "ticket.created": "A ticket was opened",
  "ticket.accepted": "An agent accepted a ticket",
  "ticket.transferred": "A ticket moved to another queue or agent",
  "ticket.closed": "A ticket was closed",
  "ticket.reopened": "A closed ticket was reopened",
  "contact.created": "A contact was created",
  "contact.updated": "A contact was changed",
  "rating.received": "A contact rated the service",
  "campaign.finished": "A campaign sent its last message",
  "connection.status": "A WhatsApp connection's status changed",
  "automation.triggered": "An automation rule sent its webhook event (its label names which)",
};

/** How a receiver checks a delivery (events.ts; lib/webhook.ts signs), with a Node sample. */
export const SIGNATURE_RECIPE = `Every delivery is a POST with a JSON body (the event) and these headers:

- \`X-Zapdesk-Event\`: the event's type.
- \`X-Zapdesk-Delivery\`: the event's id, the same on every retry and on "send again": keep the ids you have handled and ignore a repeat.
- \`X-Zapdesk-Timestamp\`: when this attempt was signed, in seconds since the epoch.
- \`X-Zapdesk-Signature\`: \`v1=\` and the hex HMAC-SHA256 of \`<timestamp>.<raw body>\` with the subscription's secret (shown once, when the subscription is made).

To verify a delivery, compute the HMAC over the raw bytes of the body as received (not re-serialised JSON), compare it with the signature in constant time, and refuse a timestamp more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes away from your clock. Answer any 2xx within 10 seconds; any other answer, or none, is retried with backoff for 24 hours, and a subscription that keeps failing is paused.

\`\`\`js
import { createHmac, timingSafeEqual } from "node:crypto";

export function verifyZapdeskWebhook(secret, headers, rawBody) {
  const timestamp = headers["x-zapdesk-timestamp"];
  const signature = headers["x-zapdesk-signature"] ?? "";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}) return false;
  const expected = "v1=" + createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}
\`\`\``;

const SIGNATURE_HEADERS: OpenApiParameter[] = [
  { name: "X-Zapdesk-Event", in: "header", required: true, description: "The event's type.", schema: { type: "string" } },
  { name: "X-Zapdesk-Delivery", in: "header", required: true, description: "The event's id (evt_…), for deduplication.", schema: { type: "string" } },
  { name: "X-Zapdesk-Timestamp", in: "header", required: true, description: "Seconds since the epoch when this attempt was signed.", schema: { type: "string", pattern: "^\\d+$" } },
  { name: "X-Zapdesk-Signature", in: "header", required: true, description: "v1=<hex HMAC-SHA256 of \"<timestamp>.<raw body>\">.", schema: { type: "string", pattern: "^v1=[0-9a-f]{64}$" } },
];

/** OpenAPI 3.1's top-level `webhooks`: one per event type, its body the envelope around the type's data. */
export function webhookPaths(components: SchemaCollector): Record<string, OpenApiPathItem> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event.${type}`,
          summary: EVENT_SUMMARIES[type],
          description: `Posted to each subscription of \`${type}\`. Verify it as the webhooks section says.`,
          tags: [WEBHOOK_EVENTS_TAG],
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(webhookEnvelope(type, webhookEventData[type]), "output", components) } } },
          responses: { "200": { description: "Any 2xx: received. Anything else, or no answer within 10 seconds, is retried." } },
        },
      },
    ]),
  );
}
