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
 *   GET, POST, DELETE /{version}/{waba-id}/message_templates   the business account's templates: a new one is
 *                                                PENDING, then reviewed by webhook (APPROVED, or REJECTED when its
 *                                                name starts with "rejected_"); a template that is not APPROVED, or
 *                                                whose values do not match its variables, is refused (132001, 132000)
 * Webhooks are signed with the app's secret (X-Hub-Signature-256) and handed to `deliver` (the server posts them;
 * a test posts them itself). `customerWrites` plays a customer of a number.
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
}

const DAY_MS = 24 * 60 * 60 * 1000;

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
  let sendTimes: number[] = [];
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

    const number = numbers.get(id);
    if (!authorised(request, number)) return graphError(401, 190, "Invalid OAuth access token.");
    const n = number!;

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
      const to = String(body.to ?? "");
      if (!/^\d{5,20}$/.test(to)) return graphError(400, 131009, "Parameter value is not valid: to.");
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
      return json(200, { messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid }] });
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
    /** `at`: when the customer wrote (ms; default now): a delivery Meta held back, or yesterday's message. */
    customer: { waId: string; name?: string; at?: number },
    message: Record<string, unknown> & { type: string },
    file?: { bytes: Uint8Array; mimetype: string; filename?: string },
  ) {
    const number = numbers.get(phoneNumberId);
    if (!number) throw new Error(`fake Graph: no number ${phoneNumberId}`);
    const at = customer.at ?? now();
    lastInbound.set(`${phoneNumberId}:${customer.waId}`, at);
    const wamid = `wamid.${newId("HBgM")}`;
    let content = message;
    if (file) {
      const mediaId = newId("");
      files.set(mediaId, { ...file, filename: file.filename ?? "file", phoneNumberId, urlUntil: 0 });
      content = { ...message, [message.type]: { ...(message[message.type] as object), id: mediaId, mime_type: file.mimetype } };
    }
    const hook = await emit(number, {
      contacts: [{ profile: { name: customer.name ?? customer.waId }, wa_id: customer.waId }],
      messages: [{ from: customer.waId, id: wamid, timestamp: String(Math.floor(at / 1000)), ...content }],
    });
    return { wamid, hook };
  }

  /**
   * Meta refuses the next `times` sends to `to` (every one unless given) with `code`: throughput (130429) and pair
   * rate (131056) in its answer, as Meta does; undeliverable (131026) and the marketing cap (131049) as a `failed`
   * status after answering the wamid. `via` overrides where the refusal comes.
   */
  function refuseSendsTo(to: string, code: number, options: { times?: number; via?: "answer" | "status" } = {}) {
    refusals.set(to, { code, via: options.via ?? (code === 130429 || code === 131056 ? "answer" : "status"), times: options.times ?? Infinity });
  }

  return { handle, customerWrites, flushStatuses, refuseSendsTo, sends, reads, hooks, files, numbers, lastInbound, templates };
}

export type FakeGraph = ReturnType<typeof fakeGraph>;
