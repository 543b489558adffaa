// An integrator's webhook receiver for ZapDesk, in plain Node (no dependencies): it checks each delivery's signature
// as docs/public-api.md describes, ignores an event it has already handled (the event id), and acts on it through the
// public API. This one closes a ticket when the contact writes "resolvido" — the kind of rule a company scripts in
// n8n or its ERP. The e2e journey e2e/public-api.e2e.ts runs it as is.
//
//   ZAPDESK_URL=https://app.example.com ZAPDESK_TOKEN=zdk_… WEBHOOK_SECRET=whsec_… PORT=8787 \
//     node docs/examples/webhook-receiver.mjs
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

/** Deliveries older than this are refused: a captured delivery cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

/**
 * The signature recipe: `X-Zapdesk-Signature` is "v1=" and the hex HMAC-SHA256, with the subscription's secret, of
 * the `X-Zapdesk-Timestamp` header, a dot, and the raw body exactly as received.
 */
export function verifySignature({ secret, timestamp, signature, rawBody, now = Date.now() }) {
  if (!/^\d+$/.test(String(timestamp ?? "")) || !signature || Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A receiver: answers 401 to a bad signature, 200 to everything else (at once, so ZapDesk does not retry), and hands
 * each new event to `onEvent`. `seen` keeps the handled event ids (a real one keeps them in its database).
 */
/** @param {{ secret: string, onEvent: (event: any) => unknown }} options */
export function createReceiver({ secret, onEvent }) {
  const seen = new Set();
  return createServer((req, res) => {
    let rawBody = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (rawBody += chunk));
    req.on("end", () => {
      const ok = verifySignature({ secret, timestamp: req.headers["x-zapdesk-timestamp"], signature: req.headers["x-zapdesk-signature"], rawBody });
      if (!ok) {
        res.writeHead(401).end("bad signature");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      const event = JSON.parse(rawBody);
      if (seen.has(event.id)) return;
      seen.add(event.id);
      Promise.resolve(onEvent(event)).catch((err) => console.error("event handling failed", event.id, err));
    });
  });
}

/**
 * The rule: a contact's message that says "resolvido" closes its ticket, through the public API (scope tickets:write).
 * @param {{ baseUrl: string, token: string, onClosed?: (ticket: { id: number, status: string }) => void }} options
 */
export function closeWhenResolved({ baseUrl, token, onClosed = () => {} }) {
  /** @param {any} event */
  return async (event) => {
    if (event.type !== "message.created") return;
    const { message, ticket } = event.data;
    if (message.fromMe || !/\bresolvido\b/i.test(message.body) || ticket.status === "closed") return;
    const res = await fetch(`${baseUrl}/api/v1/tickets/${ticket.id}/close`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": `close-${event.id}` },
      body: "{}",
    });
    if (!res.ok) throw new Error(`close answered ${res.status}: ${await res.text()}`);
    onClosed(await res.json());
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ZAPDESK_URL, ZAPDESK_TOKEN, WEBHOOK_SECRET, PORT = "8787" } = process.env;
  if (!ZAPDESK_URL || !ZAPDESK_TOKEN || !WEBHOOK_SECRET) {
    console.error("Set ZAPDESK_URL, ZAPDESK_TOKEN and WEBHOOK_SECRET.");
    process.exit(1);
  }
  const onEvent = closeWhenResolved({ baseUrl: ZAPDESK_URL, token: ZAPDESK_TOKEN, onClosed: (t) => console.log(`closed ticket ${t.id}`) });
  createReceiver({ secret: WEBHOOK_SECRET, onEvent }).listen(Number(PORT), () => console.log(`listening on :${PORT}`));
}
