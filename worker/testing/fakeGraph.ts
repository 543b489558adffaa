import { BSUID } from "../contracts/businessScopedId";
import { cloudSignature } from "../lib/whatsappCloud";

/**
 * A stand-in for Meta's WhatsApp Cloud API (the Graph API's WhatsApp endpoints, ADR 0050), in plain web APIs so
 * that the worker tests (through a fetch spy) and the demo's fakes server (Node) run the same fake. It behaves as
 * the real one does where the product depends on it:
 *   GET  /{version}/{phone-number-id}?fields=…   the number's facts; a wrong token is code 190 (401)
 *   POST /{version}/{phone-number-id}/messages   a send (answers its wamid, then reports "sent" and "delivered" by
 *                                                webhook) or a read receipt (`status: "read"`); outside the customer's
 *                                                24-hour window anything but a template is refused with 131047 (as a
 *                                                `failed` status); past `ratePerSecond` sends, 130429 at once;
 *                                                refusals a test asks for by recipient (refuseSendsTo)
 *   POST /{version}/{phone-number-id}/media      a multipart upload; answers the media id
 *   GET  /{version}/{media-id}                   the file's short-lived URL (five minutes) and type
 *   GET  /files/{media-id}                       the file itself, with the token, while its URL lives
 *   POST /{version}/{app-id}/uploads?file_name&file_length&file_type   a resumable upload's session (the app's, by any
 *                                                of its numbers' tokens); answers "upload:…?sig=…"
 *   POST /{version}/upload:{session}             the file's bytes (`Authorization: OAuth`, `file_offset: 0`, exactly
 *                                                file_length of them); answers the handle `h` a template's media
 *                                                header names as its example
 *   GET, POST, DELETE /{version}/{waba-id}/message_templates   the business account's templates: a new one is
 *                                                PENDING, then reviewed by webhook (APPROVED, or REJECTED when its
 *                                                name starts with "rejected_"); a template that is not APPROVED, or
 *                                                whose values do not match its variables, is refused (132001, 132000);
 *                                                an interactive message (reply buttons, a list) past Meta's limits is
 *                                                refused with 131009, one missing a required part with 100
 *                                                a media header without a handle this fake gave is refused (100)
 * Embedded Signup (with `app`, the platform's Meta app):
 *   GET  /{version}/oauth/access_token?client_id&client_secret&code   a code `startSignup` minted, once, for the number's
 *                                                business token; a wrong app id or secret, or a code unknown or used, is
 *                                                100 (OAuthException)
 *   POST /{version}/{waba-id}/subscribed_apps    the app subscribed to the business account's webhooks
 *   POST /{version}/{phone-number-id}/register   six digits of PIN (the number's own two-step PIN when it has one, else
 *                                                133005); a number in coexistence with the Business app refuses it
 * Webhooks are signed with the app's secret (X-Hub-Signature-256) and handed to `deliver` (the server posts them;
 * a test posts them itself). `customerWrites` plays a customer of a number; `customerTaps`, one who taps a row or a
 * button of an interactive message the number sent.
 */
export interface FakeGraphNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  accessToken: string;
  appSecret: string;
}

export interface FakeGraphSend {
  /** When Meta took it (ms). */
  at: number;
  phoneNumberId: string;
  to: string;
  wamid: string;
  body: Record<string, unknown>;
  /** A file sent with it (uploaded first): its type and bytes. */
  media?: { mimetype: string; bytes: Uint8Array; filename: string };
}

export interface SignedWebhook {
  body: string;
  signature: string;
  phoneNumberId: string;
}

export interface FakeGraphOptions {
  origin: string;
  numbers: FakeGraphNumber[];
  /** Called with each signed webhook delivery, in order. */
  deliver?: (hook: SignedWebhook) => void | Promise<void>;
  ratePerSecond?: number;
  now?: () => number;
  /** The platform's Meta app, for Embedded Signup's code exchange and the uploads of template media examples (POST /{app-id}/uploads; any app id when absent) (its numbers' webhooks are signed with its secret). */
  app?: { appId: string; appSecret: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A customer of a number: by phone number (`waId`), by business-scoped id (`userId`), or both. */
export interface FakeCustomer {
  waId?: string;
  userId?: string;
  name?: string;
  username?: string;
  at?: number;
}

/** Meta's titles of the refusals a test can ask for (refuseSendsTo). */
const REFUSALS: Record<number, string> = {
  130429: "Rate limit hit",
  131026: "Message undeliverable",
  131049: "This message was not delivered to maintain healthy ecosystem engagement.",
  131050: "User has stopped marketing messages",
  131056: "(Business Account, Consumer Account) pair rate limit hit",
};
const MEDIA_URL_MS = 5 * 60 * 1000;

export function fakeGraph(options: FakeGraphOptions) {
  const now = options.now ?? (() => Date.now());
  const numbers = new Map(options.numbers.map((n) => [n.phoneNumberId, n]));
  const files = new Map<string, { bytes: Uint8Array; mimetype: string; filename: string; phoneNumberId: string; urlUntil: number }>();
  /** When each customer last wrote to each number: the customer-service window's start. */
  const lastInbound = new Map<string, number>();
  const sends: FakeGraphSend[] = [];
  const templates = new Map<string, { id: string; name: string; language: string; category: string; status: string; components: unknown[]; wabaId: string }>();
  const reads: { phoneNumberId: string; messageId: string }[] = [];
  const hooks: SignedWebhook[] = [];
  /** Resumable uploads: open sessions by key, and the handles of finished ones (a template's media example). */
  const uploads = new Map<string, { length: number; mimetype: string; filename: string; accessToken: string }>();
  const handles = new Map<string, { mimetype: string; filename: string; bytes: Uint8Array }>();
  let sendTimes: number[] = [];
  /** Embedded Signup: each code's number (single use), the numbers in coexistence, PINs set, subscriptions, registrations. */
  const signupCodes = new Map<string, { phoneNumberId: string; used: boolean }>();
  const coexistence = new Set<string>();
  const twoStepPins = new Map<string, string>();
  const subscribedApps = new Set<string>();
  const registered = new Map<string, string>();
  let seq = 0;
  /** Refusals a test asked for, by recipient (refuseSendsTo). */
  const refusals = new Map<string, { code: number; via: "answer" | "status"; times: number }>();

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const graphError = (status: number, code: number, message: string) =>
    json(status, { error: { message, type: "OAuthException", code, error_data: { messaging_product: "whatsapp", details: message }, fbtrace_id: `Atrace${++seq}` } });
  const newId = (prefix: string) => `${prefix}${(++seq).toString().padStart(6, "0")}${Math.random().toString(36).slice(2, 10)}`;

  const emit = (number: FakeGraphNumber, value: Record<string, unknown>) =>
    emitChange(number, "messages", { messaging_product: "whatsapp", metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId }, ...value });

  async function emitChange(number: FakeGraphNumber, field: string, value: Record<string, unknown>) {
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: number.wabaId, changes: [{ field, value }] }] });
    const hook = { body, signature: await cloudSignature(number.appSecret, new TextEncoder().encode(body)), phoneNumberId: number.phoneNumberId };
    hooks.push(hook);
    await options.deliver?.(hook);
    return hook;
  }

  const status = (number: FakeGraphNumber, wamid: string, to: string, state: string, errors?: unknown[]) =>
    emit(number, { statuses: [{ id: wamid, status: state, timestamp: String(Math.floor(now() / 1000)), recipient_id: to, ...(errors ? { errors } : {}) }] });

  function authorised(request: Request, number: FakeGraphNumber | undefined): boolean {
    return !!number && request.headers.get("authorization") === `Bearer ${number.accessToken}`;
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const parts = url.pathname.replace(/^\/+/, "").split("/");
    if (parts[0] === "files" && parts[1] && request.method === "GET") {
      const file = files.get(parts[1]);
      const owner = file ? numbers.get(file.phoneNumberId) : undefined;
      if (!file || !authorised(request, owner)) return graphError(401, 190, "Invalid OAuth access token.");
      if (now() > file.urlUntil) return graphError(404, 131052, "Media download error: the URL expired.");
      return new Response(file.bytes.slice().buffer, { headers: { "content-type": file.mimetype } });
    }
    if (!/^v\d+\.\d+$/.test(parts[0] ?? "")) return graphError(404, 100, "Unknown path.");
    const [, id, edge] = parts;
    if (!id) return graphError(404, 100, "Unknown path.");

    if (id === "oauth" && edge === "access_token" && request.method === "GET") {
      const q = url.searchParams;
      if (!options.app || q.get("client_id") !== options.app.appId || q.get("client_secret") !== options.app.appSecret) return graphError(400, 100, "Error validating client secret.");
      const signup = signupCodes.get(q.get("code") ?? "");
      if (!signup) return graphError(400, 100, "Invalid verification code format.");
      if (signup.used) return graphError(400, 100, "This authorization code has been used.");
      signup.used = true;
      return json(200, { access_token: numbers.get(signup.phoneNumberId)!.accessToken, token_type: "bearer" });
    }

    if (edge === "subscribed_apps" && request.method === "POST") {
      const owner = [...numbers.values()].find((x) => x.wabaId === id);
      if (!authorised(request, owner)) return graphError(401, 190, "Invalid OAuth access token.");
      subscribedApps.add(id);
      return json(200, { success: true });
    }

    if (!edge && request.method === "GET") {
      const number = numbers.get(id);
      if (number) {
        if (!authorised(request, number)) return graphError(401, 190, "Invalid OAuth access token.");
        return json(200, { id, display_phone_number: number.displayPhoneNumber, verified_name: "ZapDesk Demo", quality_rating: "GREEN" });
      }
      const file = files.get(id);
      if (!file || !authorised(request, numbers.get(file.phoneNumberId))) return graphError(400, 100, "Unsupported get request.");
      file.urlUntil = now() + MEDIA_URL_MS;
      return json(200, { messaging_product: "whatsapp", url: `${options.origin}/files/${id}`, mime_type: file.mimetype, file_size: file.bytes.byteLength, id });
    }

    if (edge === "message_templates") {
      const owner = [...numbers.values()].find((x) => x.wabaId === id);
      if (!authorised(request, owner)) return graphError(401, 190, "Invalid OAuth access token.");
      const mine = [...templates.values()].filter((t) => t.wabaId === id);
      if (request.method === "GET") return json(200, { data: mine.map(({ wabaId: _, ...t }) => t), paging: { cursors: { before: "b", after: "a" } } });
      if (request.method === "DELETE") {
        const name = url.searchParams.get("name");
        const found = mine.filter((t) => t.name === name && (!url.searchParams.get("hsm_id") || t.id === url.searchParams.get("hsm_id")));
        if (found.length === 0) return graphError(404, 100, "Template not found.");
        for (const t of found) templates.delete(t.id);
        return json(200, { success: true });
      }
      const body = (await request.json().catch(() => null)) as { name?: string; language?: string; category?: string; components?: unknown[] } | null;
      if (!body?.name || !body.language || !body.category || !Array.isArray(body.components)) return graphError(400, 100, "Invalid parameter.");
      if (mine.some((t) => t.name === body.name && t.language === body.language)) return graphError(400, 100, "Content in this language already exists.");
      const header = (body.components as { type?: string; format?: string; example?: { header_handle?: string[] } }[]).find((c) => c?.type === "HEADER");
      if (header && header.format && header.format !== "TEXT" && !handles.has(header.example?.header_handle?.[0] ?? "")) {
        return graphError(400, 100, "Invalid parameter: a media header needs example.header_handle from a resumable upload.");
      }
      const template = { id: String(1_000_000_000_000 + ++seq), name: body.name, language: body.language, category: body.category, status: "PENDING", components: body.components, wabaId: id };
      templates.set(template.id, template);
      pending.push(async () => {
        template.status = template.name.startsWith("rejected_") ? "REJECTED" : "APPROVED";
        await emitChange(owner!, "message_template_status_update", {
          event: template.status,
          message_template_id: Number(template.id),
          message_template_name: template.name,
          message_template_language: template.language,
          reason: template.status === "REJECTED" ? "INVALID_FORMAT" : "NONE",
        });
      });
      return json(200, { id: template.id, status: "PENDING", category: template.category });
    }

    if (edge === "uploads" && request.method === "POST") {
      const owner = [...numbers.values()].find((x) => authorised(request, x));
      if (!owner) return graphError(401, 190, "Invalid OAuth access token.");
      if (options.app && id !== options.app.appId) return graphError(400, 100, `Unsupported post request. Object with ID '${id}' does not exist.`);
      const length = Number(url.searchParams.get("file_length"));
      const mimetype = url.searchParams.get("file_type") ?? "";
      const filename = url.searchParams.get("file_name") ?? "";
      if (!filename || !mimetype || !Number.isInteger(length) || length <= 0) return graphError(400, 100, "Invalid parameter: file_name, file_length and file_type are required.");
      const key = newId("MTphdHRhY2htZW50");
      uploads.set(key, { length, mimetype, filename, accessToken: owner.accessToken });
      return json(200, { id: `upload:${key}?sig=${newId("ARZ")}` });
    }
    if (id.startsWith("upload:") && !edge && request.method === "POST") {
      const key = id.slice("upload:".length);
      const session = uploads.get(key);
      if (!session || request.headers.get("authorization") !== `OAuth ${session.accessToken}`) return graphError(401, 190, "Invalid OAuth access token.");
      if (request.headers.get("file_offset") !== "0") return graphError(400, 100, "file_offset must be 0 for a new upload.");
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength !== session.length) return graphError(400, 100, "The file's length does not match file_length.");
      uploads.delete(key);
      const h = `4::${newId("aW1hZ2")}`;
      handles.set(h, { mimetype: session.mimetype, filename: session.filename, bytes });
      return json(200, { h });
    }

    const number = numbers.get(id);
    if (!authorised(request, number)) return graphError(401, 190, "Invalid OAuth access token.");
    const n = number!;

    if (edge === "register" && request.method === "POST") {
      const body = (await request.json().catch(() => null)) as { messaging_product?: string; pin?: unknown } | null;
      if (body?.messaging_product !== "whatsapp" || typeof body.pin !== "string" || !/^\d{6}$/.test(body.pin)) return graphError(400, 100, "Invalid parameter: pin must be six digits.");
      if (coexistence.has(id)) return graphError(400, 100, "This phone number is in use with the WhatsApp Business app (coexistence) and cannot be registered.");
      const own = twoStepPins.get(id);
      if (own && own !== body.pin) return graphError(400, 133005, "Two step verification PIN mismatch.");
      twoStepPins.set(id, body.pin);
      registered.set(id, body.pin);
      return json(200, { success: true });
    }

    if (edge === "media" && request.method === "POST") {
      const form = await request.formData();
      const file = form.get("file");
      if (form.get("messaging_product") !== "whatsapp" || !(file instanceof File)) return graphError(400, 100, "Param file is required.");
      const mediaId = newId("");
      files.set(mediaId, { bytes: new Uint8Array(await file.arrayBuffer()), mimetype: String(form.get("type") ?? file.type), filename: file.name, phoneNumberId: id, urlUntil: 0 });
      return json(200, { id: mediaId });
    }

    if (edge === "messages" && request.method === "POST") {
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || body.messaging_product !== "whatsapp") return graphError(400, 100, "The parameter messaging_product is required.");
      if (body.status === "read") {
        reads.push({ phoneNumberId: id, messageId: String(body.message_id) });
        return json(200, { success: true });
      }
      // A phone number as `to`, or a user's business-scoped id as `recipient` (`to` wins when both are given).
      const to = String(body.to ?? body.recipient ?? "");
      if (body.to !== undefined ? !/^\d{5,20}$/.test(to) : !BSUID.test(to)) return graphError(400, 131009, `Parameter value is not valid: ${body.to !== undefined ? "to" : "recipient"}.`);
      const refusal = refusals.get(to);
      if (refusal && refusal.times > 0 && refusal.via === "answer") {
        refusal.times--;
        return graphError(refusal.code === 130429 ? 429 : 400, refusal.code, REFUSALS[refusal.code] ?? "Refused.");
      }
      if (options.ratePerSecond) {
        sendTimes = sendTimes.filter((t) => t > now() - 1000);
        if (sendTimes.length >= options.ratePerSecond) return graphError(429, 130429, "Rate limit hit.");
        sendTimes.push(now());
      }
      const type = String(body.type ?? "");
      const content = body[type] as { id?: string; filename?: string } | undefined;
      if (!content) return graphError(400, 100, `The parameter ${type || "type"} is required.`);
      if (content.id && ["image", "video", "audio", "document", "sticker"].includes(type) && !files.has(content.id)) return graphError(400, 131053, "Media upload error.");
      if (type === "interactive") {
        const problem = interactiveProblem(content);
        if (problem) return graphError(400, problem.code, problem.message);
      }
      if (type === "template") {
        const asked = content as { name?: string; language?: { code?: string }; components?: { type?: string; parameters?: unknown[] }[] };
        const template = [...templates.values()].find((t) => t.wabaId === n.wabaId && t.name === asked.name && t.language === asked.language?.code);
        if (!template || template.status !== "APPROVED") return graphError(404, 132001, "Template name does not exist in the translation.");
        const bodyText = (template.components as { type?: string; text?: string }[]).find((c) => c.type === "BODY")?.text ?? "";
        const wanted = new Set(bodyText.match(/\{\{\d+\}\}/g) ?? []).size;
        const given = asked.components?.find((c) => c.type === "body")?.parameters?.length ?? 0;
        if (wanted !== given) return graphError(400, 132000, "Number of parameters does not match the expected number of params.");
      }
      const wamid = `wamid.${newId("HBg")}`;
      const file = content.id ? files.get(content.id) : undefined;
      sends.push({ at: now(), phoneNumberId: id, to, wamid, body, ...(file ? { media: { mimetype: file.mimetype, bytes: file.bytes, filename: content.filename ?? file.filename } } : {}) });
      const windowOpen = now() - (lastInbound.get(`${id}:${to}`) ?? -Infinity) < DAY_MS;
      // Meta answers the send first and reports what became of it by webhook.
      const failing = refusal && refusal.times > 0 && refusal.via === "status" ? refusal : undefined;
      if (failing) failing.times--;
      const after = async () => {
        if (failing) {
          await status(n, wamid, to, "failed", [{ code: failing.code, title: REFUSALS[failing.code] ?? "Refused.", message: REFUSALS[failing.code] ?? "Refused." }]);
          return;
        }
        if (type !== "template" && !windowOpen) {
          await status(n, wamid, to, "failed", [{ code: 131047, title: "Re-engagement message", message: "Re-engagement message", error_data: { details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number." } }]);
          return;
        }
        await status(n, wamid, to, "sent");
        await status(n, wamid, to, "delivered");
      };
      pending.push(after);
      return json(200, { messaging_product: "whatsapp", contacts: [{ input: to, ...(body.to !== undefined ? { wa_id: to } : { user_id: to }) }], messages: [{ id: wamid }] });
    }
    return graphError(400, 100, "Unsupported request.");
  }

  /** Statuses owed for answered sends: run after the answer has gone (the server on its next tick, a test when it wants). */
  const pending: (() => Promise<void>)[] = [];
  async function flushStatuses() {
    while (pending.length > 0) await pending.shift()!();
  }

  /**
   * A customer of `phoneNumberId` writes: the window opens, and the message is delivered by webhook. `message` is
   * Meta's message object without id, from and timestamp (e.g. `{ type: "text", text: { body: "Oi" } }`); a file
   * given as `file` is stored for download and named by `message[type].id`.
   */
  async function customerWrites(
    phoneNumberId: string,
    /**
     * `at`: when the customer wrote (ms; default now): a delivery Meta held back, or yesterday's message. A user with
     * a username may have a business-scoped `userId` and no `waId` (Meta does not share the number).
     */
    customer: FakeCustomer,
    message: Record<string, unknown> & { type: string },
    file?: { bytes: Uint8Array; mimetype: string; filename?: string },
  ) {
    const number = numbers.get(phoneNumberId);
    if (!number) throw new Error(`fake Graph: no number ${phoneNumberId}`);
    const at = customer.at ?? now();
    for (const id of [customer.waId, customer.userId]) if (id) lastInbound.set(`${phoneNumberId}:${id}`, at);
    const wamid = `wamid.${newId("HBgM")}`;
    let content = message;
    if (file) {
      const mediaId = newId("");
      files.set(mediaId, { ...file, filename: file.filename ?? "file", phoneNumberId, urlUntil: 0 });
      content = { ...message, [message.type]: { ...(message[message.type] as object), id: mediaId, mime_type: file.mimetype } };
    }
    const name = customer.name ?? customer.waId;
    const profile = { ...(name ? { name } : {}), ...(customer.username ? { username: customer.username } : {}) };
    const hook = await emit(number, {
      contacts: [{ profile, ...(customer.waId ? { wa_id: customer.waId } : {}), ...(customer.userId ? { user_id: customer.userId } : {}) }],
      messages: [
        { ...(customer.waId ? { from: customer.waId } : {}), ...(customer.userId ? { from_user_id: customer.userId } : {}), id: wamid, timestamp: String(Math.floor(at / 1000)), ...content },
      ],
    });
    return { wamid, hook };
  }

  /**
   * A customer taps a reply button or a list row (by its id) of the last interactive message the number sent them:
   * Meta delivers the reply with the entry's id and title, in the context of the message tapped.
   */
  async function customerTaps(phoneNumberId: string, customer: FakeCustomer, replyId: string) {
    const sent = sends.findLast((x) => x.phoneNumberId === phoneNumberId && (x.to === customer.waId || x.to === customer.userId) && x.body.type === "interactive");
    if (!sent) throw new Error(`fake Graph: no interactive message to ${customer.waId ?? customer.userId}`);
    const interactive = sent.body.interactive as InteractiveSent;
    const entries = interactive.type === "button" ? (interactive.action.buttons ?? []).map((b) => b.reply) : (interactive.action.sections ?? []).flatMap((x) => x.rows ?? []);
    const entry = entries.find((e) => e?.id === replyId);
    if (!entry) throw new Error(`fake Graph: the message has no entry ${replyId}`);
    const reply = interactive.type === "button" ? { type: "button_reply", button_reply: entry } : { type: "list_reply", list_reply: entry };
    const written = await customerWrites(phoneNumberId, customer, { type: "interactive", interactive: reply, context: { from: numbers.get(phoneNumberId)!.displayPhoneNumber.replace(/\D/g, ""), id: sent.wamid } });
    return { ...written, title: entry.title ?? "" };
  }

  /**
   * Meta refuses the next `times` sends to `to` (every one unless given) with `code`: throughput (130429) and pair
   * rate (131056) in its answer, as Meta does; undeliverable (131026) and the marketing cap (131049) as a `failed`
   * status after answering the wamid. `via` overrides where the refusal comes.
   */
  function refuseSendsTo(to: string, code: number, options: { times?: number; via?: "answer" | "status" } = {}) {
    refusals.set(to, { code, via: options.via ?? (code === 130429 || code === 131056 ? "answer" : "status"), times: options.times ?? Infinity });
  }

  /**
   * A business finishes Embedded Signup on a new number: the number exists (its token is what the code is exchanged
   * for) and a single-use code is minted. `coexistence`: the number stays in the WhatsApp Business app; `pin`: the
   * two-step PIN it already has.
   */
  function startSignup(signup: { coexistence?: boolean; pin?: string } = {}) {
    if (!options.app) throw new Error("fake Graph: Embedded Signup needs the app");
    const n = `${Date.now()}${++seq}`.slice(-12);
    const number: FakeGraphNumber = {
      phoneNumberId: `11${n}`,
      wabaId: `21${n}`,
      displayPhoneNumber: `+55 11 3${n.slice(-7, -4)}-${n.slice(-4)}`,
      accessToken: `EAAG-signup-${n}-${Math.random().toString(36).slice(2, 12)}`,
      appSecret: options.app.appSecret,
    };
    numbers.set(number.phoneNumberId, number);
    if (signup.coexistence) coexistence.add(number.phoneNumberId);
    if (signup.pin) twoStepPins.set(number.phoneNumberId, signup.pin);
    const code = `AQ${newId("")}${Math.random().toString(36).slice(2, 12)}`;
    signupCodes.set(code, { phoneNumberId: number.phoneNumberId, used: false });
    return { code, phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, displayPhoneNumber: number.displayPhoneNumber };
  }

  return { handle, customerWrites, customerTaps, flushStatuses, refuseSendsTo, startSignup, sends, reads, hooks, files, numbers, lastInbound, templates, subscribedApps, registered, handles };
}

export type FakeGraph = ReturnType<typeof fakeGraph>;

type InteractiveSent = {
  type?: string;
  body?: { text?: string };
  action: { button?: string; buttons?: { type?: string; reply?: { id?: string; title?: string } }[]; sections?: { title?: string; rows?: { id?: string; title?: string; description?: string }[] }[] };
};

/** Why Meta would refuse an interactive message (reply buttons or a list), as its code and message; null when it takes it. */
function interactiveProblem(content: unknown): { code: number; message: string } | null {
  const i = content as Partial<InteractiveSent>;
  const length = (x: string | undefined) => Array.from(x ?? "").length;
  const tooLong = (what: string) => ({ code: 131009, message: `Parameter value is not valid: ${what} is too long.` });
  if (!i.action || !i.body?.text) return { code: 100, message: "The parameter interactive[body] is required." };
  if (i.type === "button") {
    const buttons = i.action.buttons ?? [];
    if (buttons.length === 0) return { code: 100, message: "The parameter interactive[action][buttons] is required." };
    if (buttons.length > 3) return { code: 131009, message: "Parameter value is not valid: buttons count should be at most 3." };
    if (length(i.body.text) > 1024) return tooLong("body text");
    if (buttons.some((b) => b.type !== "reply" || !b.reply?.id || !b.reply.title)) return { code: 100, message: "Each button needs type reply, an id and a title." };
    if (buttons.some((b) => length(b.reply!.title) > 20)) return tooLong("button title");
    if (new Set(buttons.map((b) => b.reply!.id)).size !== buttons.length || new Set(buttons.map((b) => b.reply!.title)).size !== buttons.length) {
      return { code: 131009, message: "Parameter value is not valid: button ids and titles must be unique." };
    }
    return null;
  }
  if (i.type === "list") {
    const sections = i.action.sections ?? [];
    const rows = sections.flatMap((x) => x.rows ?? []);
    if (!i.action.button) return { code: 100, message: "The parameter interactive[action][button] is required." };
    if (length(i.action.button) > 20) return tooLong("button label");
    if (length(i.body.text) > 4096) return tooLong("body text");
    if (sections.length === 0 || rows.length === 0) return { code: 100, message: "The parameter interactive[action][sections] is required." };
    if (sections.length > 10 || rows.length > 10) return { code: 131009, message: "Parameter value is not valid: a list has at most 10 rows." };
    if (sections.length > 1 && sections.some((x) => !x.title)) return { code: 131009, message: "Parameter value is not valid: sections need titles." };
    if (rows.some((r) => !r.id || !r.title)) return { code: 100, message: "Each row needs an id and a title." };
    if (rows.some((r) => length(r.title) > 24)) return tooLong("row title");
    if (rows.some((r) => length(r.description) > 72)) return tooLong("row description");
    if (new Set(rows.map((r) => r.id)).size !== rows.length) return { code: 131009, message: "Parameter value is not valid: row ids must be unique." };
    return null;
  }
  return { code: 100, message: "Unsupported interactive type." };
}
