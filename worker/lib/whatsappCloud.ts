import { EgressError, egressFetch, type EgressPolicy } from "./egress";

/**
 * A client of Meta's WhatsApp Cloud API (the Graph API's WhatsApp endpoints, ADR 0050), one per connection's
 * phone number and token. The base URL and version come from the deployment (WHATSAPP_GRAPH_URL, WHATSAPP_GRAPH_VERSION;
 * a fake in tests and `npm start`); every call, media downloads from the URLs Meta answers included, goes through
 * the egress guard. A refusal is a CloudApiError carrying Meta's `code` (callers decide on it) and `fbtrace_id`.
 */

/** The Graph API version every call names, unless the deployment pins another. */
export const GRAPH_VERSION = "v23.0";
export const GRAPH_URL = "https://graph.facebook.com";

/** Media Meta accepts by upload (the largest kind, documents, 100 MB); answers of JSON are small. */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MEDIA_TIMEOUT_MS = 60_000;

export interface CloudTarget {
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
  egress: EgressPolicy;
}

/** Meta's error object (`{ error: { message, type, code, error_subcode, error_data, fbtrace_id } }`). */
export class CloudApiError extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly status: number | null,
    readonly fbtraceId?: string,
    readonly details?: string,
  ) {
    super(message);
    this.name = "CloudApiError";
  }

  /** Worth trying again later as it is: throughput, Meta's own trouble, or the network. */
  get transient(): boolean {
    return this.code === null || this.code === 130429 || this.code === 131056 || this.code === 131000 || this.code === 2 || (this.status ?? 0) >= 500;
  }
}

/** The message types Meta sends (and the ones it answers with an id). */
export type CloudOutbound =
  | { type: "text"; text: { body: string; preview_url?: boolean } }
  | { type: "image" | "video" | "audio" | "document" | "sticker"; media: { id: string; caption?: string; filename?: string } }
  | { type: "reaction"; reaction: { message_id: string; emoji: string } }
  | { type: "interactive"; interactive: Record<string, unknown> }
  | { type: "template"; template: { name: string; language: { code: string }; components?: unknown[] } };

export function cloudClient(target: CloudTarget) {
  const root = `${target.baseUrl.replace(/\/+$/, "")}/${target.version}`;
  // No token: Meta's OAuth exchange, which the app's id and secret authenticate instead.
  const auth: Record<string, string> = target.accessToken ? { authorization: `Bearer ${target.accessToken}` } : {};

  async function call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, form?: FormData): Promise<T> {
    let answer;
    try {
      answer = await egressFetch(
        target.egress,
        `${root}/${path}`,
        {
          method,
          headers: { ...auth, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        },
        { timeoutMs: form ? MEDIA_TIMEOUT_MS : TIMEOUT_MS, maxBytes: MAX_JSON_BYTES },
      );
    } catch (err) {
      if (err instanceof EgressError) throw new CloudApiError(-1, err.message, null);
      throw new CloudApiError(null, `The Cloud API could not be reached (${err instanceof Error ? err.name : "error"}).`, null);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(answer.text());
    } catch {
      // Not JSON: judged by the status below.
    }
    if (!answer.ok) throw errorOf(answer.status, json);
    return json as T;
  }

  return {
    /** The number's own facts: a cheap call that proves the id and the token go together. */
    phoneNumber: () =>
      call<{ id: string; display_phone_number?: string; verified_name?: string; quality_rating?: string }>(
        "GET",
        `${encodeURIComponent(target.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
      ),

    /**
     * Sends one message; answers its wamid. `to` is a phone number, or a user's business-scoped id (a user who hides
     * their number), which Meta takes as `recipient`. `replyTo` quotes an earlier message.
     */
    send: async (to: string, message: CloudOutbound, replyTo?: string): Promise<string> => {
      const { type } = message;
      const content = "media" in message ? { [type]: message.media } : message;
      const answer = await call<{ messages?: { id: string }[] }>("POST", `${encodeURIComponent(target.phoneNumberId)}/messages`, {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        ...(/^\d+$/.test(to) ? { to } : { recipient: to }),
        ...content,
        type,
        ...(replyTo ? { context: { message_id: replyTo } } : {}),
      });
      const id = answer?.messages?.[0]?.id;
      if (!id) throw new CloudApiError(null, "The Cloud API answered a send without a message id.", 200);
      return id;
    },

    /** The business account's templates, every page of them. */
    templates: async (wabaId: string): Promise<MetaTemplate[]> => {
      const all: MetaTemplate[] = [];
      let after: string | undefined;
      for (let page = 0; page < 50; page++) {
        const query = `fields=id,name,language,status,category,components,rejected_reason&limit=100${after ? `&after=${encodeURIComponent(after)}` : ""}`;
        const answer = await call<{ data?: MetaTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>("GET", `${encodeURIComponent(wabaId)}/message_templates?${query}`);
        all.push(...(answer?.data ?? []));
        after = answer?.paging?.next ? answer.paging.cursors?.after : undefined;
        if (!after) break;
      }
      return all;
    },

    /** Submits a template for Meta's review; answers its id and status (usually PENDING). */
    createTemplate: (wabaId: string, template: { name: string; language: string; category: string; components: unknown[] }) =>
      call<{ id: string; status: string; category: string }>("POST", `${encodeURIComponent(wabaId)}/message_templates`, template),

    /** Deletes a template (every language of the name, unless its id is given). */
    deleteTemplate: (wabaId: string, name: string, metaId?: string) =>
      call<{ success: boolean }>("DELETE", `${encodeURIComponent(wabaId)}/message_templates?name=${encodeURIComponent(name)}${metaId ? `&hsm_id=${encodeURIComponent(metaId)}` : ""}`),

    /**
     * Embedded Signup's code exchanged for the business's token (Meta: "Implementation", step "Exchange the token
     * code for a business token": GET /oauth/access_token with the app's id and secret). Use a client without a token.
     */
    exchangeCode: async (app: { appId: string; appSecret: string }, code: string): Promise<string> => {
      const query = `client_id=${encodeURIComponent(app.appId)}&client_secret=${encodeURIComponent(app.appSecret)}&code=${encodeURIComponent(code)}`;
      const answer = await call<{ access_token?: string }>("GET", `oauth/access_token?${query}`);
      if (!answer?.access_token) throw new CloudApiError(null, "The Graph API answered the code exchange without a token.", 200);
      return answer.access_token;
    },

    /** Subscribes the app to the business account's webhooks (Meta: "Managing Webhooks", POST /{waba-id}/subscribed_apps). */
    subscribeApp: (wabaId: string) => call<{ success: boolean }>("POST", `${encodeURIComponent(wabaId)}/subscribed_apps`),

    /**
     * Registers the number for the Cloud API with its six-digit two-step verification PIN (Meta: "Register a business
     * phone number", POST /{phone-number-id}/register). Never for a number in coexistence with the Business app.
     */
    register: (pin: string) =>
      call<{ success: boolean }>("POST", `${encodeURIComponent(target.phoneNumberId)}/register`, { messaging_product: "whatsapp", pin }),

    /** Marks a customer's message (and the ones before it) read: the blue ticks. */
    markRead: (messageId: string) =>
      call<{ success: boolean }>("POST", `${encodeURIComponent(target.phoneNumberId)}/messages`, {
        messaging_product: "whatsapp",
        status: "read",
        message_id: messageId,
      }),

    /** Uploads a file for a later send; answers its media id. */
    upload: async (bytes: ArrayBuffer, mimetype: string, filename: string): Promise<string> => {
      const form = new FormData();
      form.set("messaging_product", "whatsapp");
      form.set("type", mimetype);
      form.set("file", new File([bytes], filename, { type: mimetype }));
      const answer = await call<{ id?: string }>("POST", `${encodeURIComponent(target.phoneNumberId)}/media`, undefined, form);
      if (!answer?.id) throw new CloudApiError(null, "The Cloud API answered an upload without a media id.", 200);
      return answer.id;
    },

    /**
     * A file for Meta to review a template with (a media header's example), by the Resumable Upload API: a session
     * opened on the app (`POST /{app-id}/uploads`), then the bytes (`POST /{upload-id}`, offset 0); answers the
     * handle `h` that the template names as `example.header_handle`.
     */
    uploadForReview: async (appId: string, bytes: ArrayBuffer, mimetype: string, filename: string): Promise<string> => {
      const query = `file_name=${encodeURIComponent(filename)}&file_length=${bytes.byteLength}&file_type=${encodeURIComponent(mimetype)}`;
      const session = await call<{ id?: string }>("POST", `${encodeURIComponent(appId)}/uploads?${query}`);
      // Meta's session id ("upload:…", with its "?sig=…") is the next call's path as it is: no slash, so no other path.
      if (!session?.id || !/^upload:[\w\-=:?&.%]+$/.test(session.id)) throw new CloudApiError(null, "The Cloud API answered an upload session without a usable id.", 200);
      let answer;
      try {
        answer = await egressFetch(
          target.egress,
          `${root}/${session.id}`,
          { method: "POST", headers: { authorization: `OAuth ${target.accessToken}`, file_offset: "0", "content-type": mimetype }, body: bytes },
          { timeoutMs: MEDIA_TIMEOUT_MS, maxBytes: MAX_JSON_BYTES },
        );
      } catch (err) {
        if (err instanceof EgressError) throw new CloudApiError(-1, err.message, null);
        throw new CloudApiError(null, "The Cloud API could not be reached for an upload.", null);
      }
      let json: unknown = null;
      try {
        json = JSON.parse(answer.text());
      } catch {
        // Not JSON: judged by the status below.
      }
      if (!answer.ok) throw errorOf(answer.status, json);
      const handle = (json as { h?: unknown } | null)?.h;
      if (typeof handle !== "string" || !handle) throw new CloudApiError(null, "The Cloud API answered an upload without a handle.", 200);
      return handle;
    },

    /**
     * A received file's bytes: its URL first (it lives about five minutes), then the file with the token.
     * Both go through the egress guard: the second URL is Meta's answer, not ours.
     */
    download: async (mediaId: string): Promise<{ bytes: Uint8Array; mimetype: string }> => {
      const info = await call<{ url?: string; mime_type?: string }>("GET", encodeURIComponent(mediaId));
      if (!info?.url) throw new CloudApiError(null, "The Cloud API answered no URL for a media id.", 200);
      let file;
      try {
        file = await egressFetch(target.egress, info.url, { method: "GET", headers: auth }, { timeoutMs: MEDIA_TIMEOUT_MS, maxBytes: MAX_MEDIA_BYTES });
      } catch (err) {
        if (err instanceof EgressError) throw new CloudApiError(-1, err.message, null);
        throw new CloudApiError(null, "A media file could not be fetched from the Cloud API.", null);
      }
      if (!file.ok) {
        let json: unknown = null;
        try {
          json = JSON.parse(file.text());
        } catch {
          // judged by status
        }
        throw errorOf(file.status, json);
      }
      return { bytes: file.bytes, mimetype: info.mime_type ?? file.headers.get("content-type") ?? "application/octet-stream" };
    },
  };
}

export type CloudClient = ReturnType<typeof cloudClient>;

/** A template as Meta lists it. */
export interface MetaTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components?: unknown[];
  rejected_reason?: string;
}

function errorOf(status: number, json: unknown): CloudApiError {
  const error = (json as { error?: { message?: unknown; code?: unknown; fbtrace_id?: unknown; error_data?: { details?: unknown } } } | null)?.error;
  const code = typeof error?.code === "number" ? error.code : null;
  const message = typeof error?.message === "string" ? error.message : `The Cloud API answered ${status}.`;
  const details = typeof error?.error_data?.details === "string" ? error.error_data.details : undefined;
  return new CloudApiError(code, message, status, typeof error?.fbtrace_id === "string" ? error.fbtrace_id : undefined, details);
}

/** `X-Hub-Signature-256`: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export async function cloudSignature(appSecret: string, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(appSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, body));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Whether `header` is the signature of `body` under `appSecret`, compared in constant time (crypto.subtle.verify). */
export async function verifyCloudSignature(appSecret: string, body: Uint8Array<ArrayBuffer>, header: string | null | undefined): Promise<boolean> {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "")?.[1];
  if (!hex || !appSecret) return false;
  const mac = new Uint8Array(32);
  for (let i = 0; i < 32; i++) mac[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(appSecret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  return crypto.subtle.verify("HMAC", key, mac, body);
}
