import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { parsePlatformId } from "../../../worker/contracts/ids";
import { HttpError, parseBody, readJson, sendJson, sendText } from "../http/respond";
import type { SimulatorProvider, StoredMessage } from "../providers/simulator";
import { simulatorPage } from "./page";

/** Base64 media is carried in JSON: allow a 16 MB file plus its encoding overhead. */
export const MAX_INBOUND_BYTES = 24 * 1024 * 1024;
/** Edits carry at most 64 Ki characters of text. */
const SMALL_BODY_BYTES = 512 * 1024;

const phone = z
  .string()
  .trim()
  .regex(/^\d{8,20}$/, "Digits only: country code, area code and number, e.g. 5511987654321");

export const inboundSchema = z
  .object({
    from: phone,
    name: z.string().trim().max(100).optional(),
    body: z.string().max(65_536).optional(),
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,128}$/, "Letters, digits, _ and -, at most 128")
      .optional(),
    media: z
      .object({
        mimetype: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, "A mimetype such as image/jpeg"),
        filename: z.string().trim().min(1).max(255),
        base64: z.string().min(1).regex(/^[A-Za-z0-9+/]*={0,2}$/, "Base64 without line breaks"),
      })
      .optional(),
    quotedId: z.string().min(1).max(128).optional(),
  })
  .refine((b) => (b.body !== undefined && b.body !== "") || b.media, { message: "body or media is required", path: ["body"] });

const messageId = z.string().min(1).max(128);
const inboundEditSchema = z.object({ from: phone, id: messageId, body: z.string().min(1).max(65_536) });
const inboundDeleteSchema = z.object({ from: phone, id: messageId });
const inboundReactionSchema = z.object({ from: phone, id: messageId, emoji: z.string().max(32) });
const typingSchema = z.object({ from: phone, state: z.enum(["composing", "recording", "paused"]).default("composing") });
const silenceSchema = z.object({ silent: z.boolean().default(true) });
const scanSchema = z.object({ code: z.string().trim().min(1).max(16).optional() });

/** /simulator/:connectionId/<action>, each with its method: the table the router matches and the tests walk. */
export const SIMULATOR_ACTIONS = {
  scan: "POST",
  inbound: "POST",
  "inbound-edit": "POST",
  "inbound-delete": "POST",
  "inbound-reaction": "POST",
  typing: "POST",
  outbox: "GET",
  conversation: "GET",
  start: "POST",
  stop: "POST",
  silence: "POST",
} as const;
export type SimulatorAction = keyof typeof SIMULATOR_ACTIONS;

const ROUTE = new RegExp(`^/simulator/([^/]+)/(${Object.keys(SIMULATOR_ACTIONS).join("|")})$`);

/** The simulator's control routes (DESIGN.md "Simulator control"). Answers false when the path is not one of them. */
export async function handleSimulator(sim: SimulatorProvider, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? "GET";
  if (url.pathname === "/simulator" || url.pathname === "/simulator/") {
    if (method !== "GET") throw new HttpError(405, "ERR_METHOD_NOT_ALLOWED", "Use GET.");
    sendText(res, 200, simulatorPage(), "text/html; charset=utf-8", {
      "content-security-policy": "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:",
    });
    return true;
  }
  if (url.pathname === "/simulator/connections" && method === "GET") {
    sendJson(res, 200, { connections: sim.connections().map((c) => connectionView(sim, c.id)) });
    return true;
  }
  if (url.pathname === "/simulator/contacts" && method === "GET") {
    sendJson(res, 200, { contacts: sim.contacts() });
    return true;
  }
  const match = ROUTE.exec(url.pathname);
  if (!match) return false;
  const connectionId = connectionIdOf(match[1]!);
  const action = match[2] as SimulatorAction;
  const expected = SIMULATOR_ACTIONS[action];
  if (method !== expected) throw new HttpError(405, "ERR_METHOD_NOT_ALLOWED", `Use ${expected}.`);

  switch (action) {
    case "scan": {
      const { code } = parseBody(scanSchema, await readJson(req, SMALL_BODY_BYTES));
      sendJson(res, 200, sim.scan(connectionId, code));
      return true;
    }
    case "start":
      await sim.start(connectionId);
      sendJson(res, 200, connectionView(sim, connectionId));
      return true;
    case "stop":
      await sim.stop(connectionId);
      sendJson(res, 200, connectionView(sim, connectionId));
      return true;
    case "silence": {
      const { silent } = parseBody(silenceSchema, await readJson(req, SMALL_BODY_BYTES));
      sendJson(res, 200, sim.setSilent(connectionId, silent));
      return true;
    }
    case "inbound": {
      const input = parseBody(inboundSchema, await readJson(req, MAX_INBOUND_BYTES));
      sendJson(res, 200, sim.inbound(connectionId, input));
      return true;
    }
    case "inbound-edit": {
      const input = parseBody(inboundEditSchema, await readJson(req, SMALL_BODY_BYTES));
      sim.inboundEdit(connectionId, input);
      sendJson(res, 200, { ok: true });
      return true;
    }
    case "inbound-delete": {
      sim.inboundDelete(connectionId, parseBody(inboundDeleteSchema, await readJson(req, SMALL_BODY_BYTES)));
      sendJson(res, 200, { ok: true });
      return true;
    }
    case "inbound-reaction": {
      sim.inboundReaction(connectionId, parseBody(inboundReactionSchema, await readJson(req, SMALL_BODY_BYTES)));
      sendJson(res, 200, { ok: true });
      return true;
    }
    case "typing": {
      sim.typing(connectionId, parseBody(typingSchema, await readJson(req, SMALL_BODY_BYTES)));
      sendJson(res, 200, { ok: true });
      return true;
    }
    case "outbox": {
      const to = url.searchParams.get("to") ?? undefined;
      sendJson(res, 200, { messages: sim.outbox(connectionId, { to }).map(messageView) });
      return true;
    }
    case "conversation": {
      const number = parseBody(z.object({ with: phone }), { with: url.searchParams.get("with") ?? "" }).with;
      sendJson(res, 200, { messages: sim.conversation(connectionId, number).map(messageView) });
      return true;
    }
  }
  return false;
}

function connectionIdOf(raw: string): number {
  const id = parsePlatformId(raw);
  if (id === null) throw new HttpError(404, "ERR_NO_WAPP_FOUND", "No such connection.");
  return id;
}

function connectionView(sim: SimulatorProvider, id: number) {
  const conn = sim.connections().find((c) => c.id === id)!;
  return { ...conn, qr: sim.qrOf(id), pairingCode: sim.pairingCodeOf(id), silent: sim.isSilent(id) };
}

function messageView(m: StoredMessage) {
  return {
    id: m.id,
    direction: m.direction,
    ...(m.direction === "out" ? { to: m.contact } : { from: m.contact }),
    body: m.body,
    mediaType: m.mediaType,
    ...(m.media ? { media: m.media } : {}),
    ...(m.location ? { location: m.location } : {}),
    ...(m.vcard ? { vcard: m.vcard } : {}),
    ...(m.quotedId ? { quotedId: m.quotedId } : {}),
    ...(m.direction === "out" ? { ack: m.ack } : {}),
    edited: m.edits.length > 0,
    ...(m.edits.length ? { edits: m.edits } : {}),
    deleted: m.deleted,
    reactions: Object.entries(m.reactions).map(([from, emoji]) => ({ from, emoji })),
    at: new Date(m.at).toISOString(),
  };
}
