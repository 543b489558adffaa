import { egressFetch, EgressError, type EgressPolicy } from "../egress";
import { encryptPayload, type SubscriptionKeys } from "./encrypt";
import { vapidAuthorization, type VapidKeys } from "./vapid";

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Replaces an undelivered message of the same topic (≤ 32 base64url characters). */
  topic?: string;
  timeoutMs?: number;
}

/**
 * delivered: the push service took it (201); gone: the subscription no longer exists (404, 410) and must be removed;
 * failed: anything else (a retry may help, or not: refused addresses and 4xx are not retried by the caller).
 */
export type PushOutcome = { kind: "delivered"; status: number } | { kind: "gone"; status: number } | { kind: "failed"; status: number | null; reason: string; retry: boolean };

/** Encrypts `payload` for one subscription and posts it to its endpoint through the egress guard. */
export async function sendPush(
  subscription: { endpoint: string; keys: SubscriptionKeys },
  payload: string,
  vapid: VapidKeys,
  egress: EgressPolicy,
  options: PushOptions,
): Promise<PushOutcome> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await encryptPayload(payload, subscription.keys);
  } catch (err) {
    return { kind: "failed", status: null, reason: `Bad subscription keys: ${String(err)}`, retry: false };
  }
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(subscription.endpoint, vapid),
    "content-encoding": "aes128gcm",
    "content-type": "application/octet-stream",
    ttl: String(options.ttl),
    urgency: options.urgency,
  };
  if (options.topic) headers.topic = options.topic;
  try {
    const answer = await egressFetch(egress, subscription.endpoint, { method: "POST", headers, body: body.buffer }, { timeoutMs: options.timeoutMs ?? 10_000, maxBytes: 64 * 1024 });
    if (answer.status === 404 || answer.status === 410) return { kind: "gone", status: answer.status };
    if (answer.ok) return { kind: "delivered", status: answer.status };
    return { kind: "failed", status: answer.status, reason: `HTTP ${answer.status}`, retry: answer.status === 429 || answer.status >= 500 };
  } catch (err) {
    if (err instanceof EgressError) return { kind: "failed", status: null, reason: err.message, retry: false };
    return { kind: "failed", status: null, reason: err instanceof Error && err.name === "TimeoutError" ? "Timeout" : "Network error", retry: true };
  }
}
