import { vi } from "vitest";
import type { PushJob, PushNotification } from "../contracts/pushJob";
import { hubDirectory } from "../hub/ports";
import { runPushJob } from "../jobs/push";
import { fromBase64Url, toBase64Url } from "../lib/crypto";
import { decryptPayload, generateKeyPair, verifyVapid } from "../lib/webPush";
import { testEnv } from "./fixtures";

export const FAKE_PUSH_URL = "http://push.test";

/** A browser's subscription: what the page posts, and the private key only the device holds. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: string;
}

let devices = 0;

/** A new device subscribed at the fake push service (`/gone/…` endpoints answer 410, `/missing/…` 404, `/busy/…` 503). */
export async function newDevice(kind: "ok" | "gone" | "missing" | "busy" = "ok"): Promise<FakeDevice> {
  const pair = await generateKeyPair();
  devices++;
  return {
    endpoint: `${FAKE_PUSH_URL}/${kind === "ok" ? "send" : kind}/${devices}-${crypto.randomUUID()}`,
    keys: { p256dh: pair.publicKey, auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  };
}

export interface ReceivedPush {
  endpoint: string;
  notification: PushNotification;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
}

/**
 * A push service at FAKE_PUSH_URL that does what a real one and the browser behind it do: the VAPID JWT must verify
 * against the worker's public key (the key the device subscribed with) for this origin, or it answers 401/403; the
 * body must be aes128gcm and open with the device's private key and auth secret, as the browser opens it. Records
 * each push it opened. A device it does not know (or a /gone/ one) answers 410.
 */
export function useFakePushService(known: FakeDevice[]) {
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_PUSH_URL)) return realFetch(input, init);
    const endpoint = request.url;
    const check = await verifyVapid(request.headers.get("authorization"), { publicKey: testEnv.VAPID_PUBLIC_KEY!, audience: FAKE_PUSH_URL });
    if (!check.ok) {
      refused.push({ endpoint, reason: check.reason });
      return new Response(check.reason, { status: 403 });
    }
    const path = new URL(endpoint).pathname;
    if (path.startsWith("/gone/")) return new Response("gone", { status: 410 });
    if (path.startsWith("/missing/")) return new Response("missing", { status: 404 });
    if (path.startsWith("/busy/")) return new Response("busy", { status: 503 });
    const device = known.find((d) => d.endpoint === endpoint);
    if (!device) return new Response("no such subscription", { status: 410 });
    if (request.headers.get("content-encoding") !== "aes128gcm") return new Response("encoding", { status: 415 });
    try {
      const plain = await decryptPayload(new Uint8Array(await request.arrayBuffer()), { ...device.keys, privateKey: device.privateKey });
      received.push({
        endpoint,
        notification: JSON.parse(new TextDecoder().decode(plain)),
        ttl: request.headers.get("ttl"),
        urgency: request.headers.get("urgency"),
        topic: request.headers.get("topic"),
      });
    } catch (err) {
      refused.push({ endpoint, reason: `does not decrypt: ${String(err)}` });
      return new Response("bad payload", { status: 400 });
    }
    return new Response(null, { status: 201 });
  });
  return { received, refused, restore: () => spy.mockRestore() };
}

/** Keeps the PUSH queue's jobs instead of letting the queue run them; `run` runs them as the consumer would. */
export function holdPushJobs() {
  const held: PushJob[] = [];
  vi.spyOn(testEnv.PUSH, "send").mockImplementation(async (body) => {
    held.push(body as PushJob);
    return undefined as never;
  });
  vi.spyOn(testEnv.PUSH, "sendBatch").mockImplementation(async (batch) => {
    for (const m of batch) held.push(m.body as PushJob);
    return undefined as never;
  });
  return {
    held,
    take: () => held.splice(0),
    /** Waits for the jobs the hub queued after its answer (ctx.waitUntil), up to `count`. */
    async settled(count: number, ms = 2000) {
      const until = Date.now() + ms;
      while (held.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      return held;
    },
    /** Runs every held job as the PUSH consumer would; answers the devices each would retry. */
    async run() {
      const retries: number[][] = [];
      for (const job of held.splice(0)) retries.push(await runPushJob(hubDirectory(testEnv), testEnv, job));
      return retries;
    },
  };
}

/** The device's subscription as the page posts it. */
export const subscriptionBody = (d: FakeDevice, deviceLabel: string | null = "Chrome no Linux") => ({ endpoint: d.endpoint, keys: d.keys, deviceLabel });

export { fromBase64Url };
