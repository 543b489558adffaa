import { verifySignature } from "../../docs/examples/webhook-receiver.mjs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body's raw text: the signature is over these exact bytes. */
  raw: string;
  body: { id: string; type: string; createdAt: string; companyId: number; data: unknown };
}

/**
 * An integrator's webhook receiver on 127.0.0.1: every POST recorded as it came and answered 200. It listens on the
 * journeys' port, which scripts/e2e.mjs puts on the app's egress allow-list (EGRESS_ALLOW); nothing else on loopback
 * is let through.
 */
export async function startWebhookReceiver() {
  const calls: ReceivedCall[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    try {
      calls.push({ path: req.url ?? "/", headers: req.headers, raw, body: JSON.parse(raw) });
    } catch {
      // not JSON: not one of ours
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_JOURNEY_FAKE_PORT) || 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The documented recipe, as the integrator's example receiver (docs/examples/webhook-receiver.mjs) checks it. */
export function signedBy(secret: string, call: ReceivedCall): boolean {
  return verifySignature({
    secret,
    timestamp: String(call.headers["x-zapdesk-timestamp"] ?? ""),
    signature: String(call.headers["x-zapdesk-signature"] ?? ""),
    rawBody: call.raw,
  });
}
