import { z } from "zod";
import type { CompanyHubRpc } from "./hub/rpc";
import type { QueueJob, WebhookJob } from "./contracts/outbound";
import type { FanoutJob } from "./contracts/announcements";
import type { CloudWebhookJob } from "./contracts/cloudWebhook";
import type { PushJob } from "./contracts/pushJob";

/** Bindings and vars as wrangler.toml and secrets provide them. */
export interface Env {
  DB: D1Database;
  MEDIA: R2Bucket;
  OUTBOUND: Queue<QueueJob>;
  FANOUT: Queue<FanoutJob>;
  /** Webhook deliveries of the WhatsApp Cloud API, verified and waiting to be ingested (ADR 0050). */
  INBOUND: Queue<CloudWebhookJob>;
  /** Event webhooks' delivery attempts (issue 25, ADR 0052). */
  WEBHOOKS: Queue<WebhookJob>;
  /** Web Push to a user's devices (issue 29, worker/jobs/push.ts). */
  PUSH: Queue<PushJob>;
  COMPANY_HUB: DurableObjectNamespace<CompanyHubRpc>;
  ASSETS?: Fetcher;
  JWT_SECRET: string;
  BRIDGE_SECRET: string;
  /** Encrypts secrets stored for companies (AI provider keys) at rest; see worker/lib/secretBox.ts. */
  DATA_SECRET: string;
  SESSION_HOST_URL: string;
  /**
   * "development" (npm start) or "test" (the worker tests); anything else, or nothing, is a deployment (wrangler.toml
   * says "production"), where EGRESS_ALLOW is refused and PUBLIC_URL must be https.
   */
  APP_ENV?: string;
  /** The deployment's own public URL (e.g. https://app.example.com): links in e-mails are made from it, never from a request. */
  PUBLIC_URL: string;
  /**
   * Local runs and tests only: origins (comma-separated, e.g. "http://127.0.0.1:8789") that the egress guard lets
   * through whatever their scheme and address (worker/lib/egress.ts), for the local fakes. A deployment never has it.
   */
  EGRESS_ALLOW?: string;
  /**
   * Only when a proxy of the operator's own stands between the client and Cloudflare: the request header in which
   * that proxy puts the client's address (e.g. "x-forwarded-for"). Rate limits count by it instead of Cloudflare's
   * cf-connecting-ip. Never set it otherwise: the header is then whatever the client wrote.
   */
  TRUSTED_PROXY_HEADER?: string;
  /** The HTTP e-mail provider (Resend's API; ADR 0025): base URL (default Resend's), API key (a secret) and sender. */
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /**
   * Cloudflare Turnstile on signup (ADR 0026): with a secret key, every signup must carry a token the widget (site
   * key) produced. Without one, signup is rate limited only.
   */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** The AI assistant's timeout per call to the provider, ms (default 30000), and retries after the first (default 2). */
  AI_TIMEOUT_MS?: string;
  AI_RETRIES?: string;
  /** Dialogflow ES (ADR 0041): Google's OAuth token endpoint and the Dialogflow API base, when not Google's own. */
  GOOGLE_TOKEN_URL?: string;
  DIALOGFLOW_API_URL?: string;
  /** Azure's text-to-speech endpoint (ADR 0040), "{region}" replaced by a prompt's voice region; default Azure's own. */
  AZURE_SPEECH_URL?: string;
  /** The client certificate a PSP of the Pix API requires (a Workers mTLS certificate binding; ADR 0026). */
  PIX_MTLS?: Fetcher;
  /**
   * The WhatsApp Cloud API (ADR 0050): the Graph API's base URL and pinned version (defaults Meta's and
   * worker/lib/whatsappCloud.ts's), and the platform's Meta app: its secret signs the webhooks posted to
   * /webhooks/whatsapp, its verify token answers Meta's handshake. Without them only numbers on a company's own app work.
   */
  WHATSAPP_GRAPH_URL?: string;
  WHATSAPP_GRAPH_VERSION?: string;
  META_APP_SECRET?: string;
  META_VERIFY_TOKEN?: string;
  /**
   * Embedded Signup (issue 24, Meta's "Connect with Facebook"): the platform's Meta app id and its Facebook Login for
   * Business configuration id, both public (the page hands them to Facebook's SDK), with META_APP_SECRET to exchange
   * the flow's code on the server; template media examples go up through the app's Resumable Upload API
   * (`/{app-id}/uploads`). FACEBOOK_SDK_URL is the SDK's script (default Meta's; a fake in `npm start`).
   */
  META_APP_ID?: string;
  META_CONFIG_ID?: string;
  FACEBOOK_SDK_URL?: string;
  /**
   * Web Push (issue 29): the application server's VAPID key pair (P-256, base64url: the 65-byte public point and the
   * 32-byte private scalar) and its contact (mailto: or https:). Required in a deployment; npm start writes its own.
   */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Set to "1" only by the local server started for seeding and benchmarks (scripts/worker-server.mjs): never deployed. */
  ZAPDESK_LOCAL_BULK?: string;
}

/** Whether this worker is a deployment rather than a local run (npm start) or the tests. */
export const isDeployment = (env: Pick<Env, "APP_ENV">) => env.APP_ENV !== "development" && env.APP_ENV !== "test";

const originList = z.string().refine(
  (v) =>
    v.split(",").every((s) => {
      if (!s.trim()) return true;
      try {
        return new URL(s.trim()).origin === s.trim().replace(/\/+$/, "");
      } catch {
        return false;
      }
    }),
  "EGRESS_ALLOW must be comma-separated origins (scheme://host:port)",
);

const secretsSchema = z
  .object({
    APP_ENV: z.string().optional(),
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
    BRIDGE_SECRET: z.string().min(32, "BRIDGE_SECRET must be at least 32 characters"),
    DATA_SECRET: z.string().min(32, "DATA_SECRET must be at least 32 characters"),
    SESSION_HOST_URL: z.string().url(),
    TRUSTED_PROXY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]*$/, "TRUSTED_PROXY_HEADER must be a header name")
      .optional(),
    PUBLIC_URL: z.string().url("PUBLIC_URL must be the deployment's public URL"),
    EGRESS_ALLOW: originList.optional(),
    VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, "VAPID_PUBLIC_KEY must be a P-256 public key (65 bytes, base64url)").optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes, base64url)").optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "VAPID_SUBJECT must be a mailto: or https: URL").optional(),
  })
  .superRefine((env, ctx) => {
    if (!isDeployment(env)) return;
    if (env.EGRESS_ALLOW?.trim()) ctx.addIssue({ code: "custom", path: ["EGRESS_ALLOW"], message: "EGRESS_ALLOW is for local runs and tests only; a deployment must not set it" });
    for (const key of ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required in a deployment (Web Push)` });
    }
    if (!/^https:\/\//i.test(env.PUBLIC_URL)) ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "PUBLIC_URL must be https in a deployment" });
  });

/** The deployment's public URL without a trailing slash, for links in e-mails. */
export const publicUrl = (env: Pick<Env, "PUBLIC_URL">) => env.PUBLIC_URL.replace(/\/+$/, "");

// The bindings as `cloudflare:workers` and `cloudflare:test` see them.
type AppBindings = Env;
declare global {
  namespace Cloudflare {
    interface Env extends AppBindings {}
  }
}

let checked: WeakSet<object> | undefined;

/**
 * A deployment without its secrets must refuse to serve rather than fall back to defaults.
 * Checked once per env object (per isolate), so it costs nothing on the hot path.
 */
export function assertEnv(env: Env): Env {
  checked ??= new WeakSet();
  if (checked.has(env)) return env;
  const result = secretsSchema.safeParse(env);
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new MisconfiguredError(`Worker misconfigured: ${fields}`);
  }
  checked.add(env);
  return env;
}

export class MisconfiguredError extends Error {}
