import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import {
  BRIDGE_HEADERS,
  BRIDGE_MAX_MEDIA_BYTES,
  type BridgeEvent,
  type ConnectionToRun,
  eventBatch,
  type HostHeartbeat,
  handoverRequest,
  hostHeartbeat,
  keysUpdate,
  leaseRequest,
  mediaUploadQuery,
  type SessionState,
} from "../../../worker/contracts/bridge";
import { companyOfId, parsePlatformId } from "../../../worker/contracts/ids";
import { safeName } from "../../../worker/domain/messages/uploadedMedia";
import { signBridgeRequest, verifyBridgeRequest } from "../../../worker/lib/bridgeSignature";

/**
 * A stand-in for the worker's /bridge routes, for the host's tests: a small node:http server that verifies every
 * call's signature with the real bridgeSignature.ts, parses bodies with the contract, records what it got and
 * answers as the contract says. Tests steer it: take it down and up again on the same port, refuse events, hand
 * a lease to another host, slow down writes, fail media uploads.
 */

export const TEST_SECRET = "test-bridge-secret-0123456789-abcdef";

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown } | undefined;

export interface StoredMedia {
  connectionId: number;
  bytes: Buffer;
  mimetype: string;
  filename: string;
}

export class FakeWorker {
  readonly calls: FakeCall[] = [];
  /** Calls refused for their signature. */
  readonly refused: { method: string; path: string; reason: string }[] = [];
  /** Every batch of events accepted, in arrival order. */
  readonly batches: BridgeEvent[][] = [];
  /** What GET /bridge/connections lists, and what a heartbeat answers (unless `placed` says otherwise). */
  connections: ConnectionToRun[] = [];
  /** The connections placed on a host, as a heartbeat answers them; default: `connections` for every host. */
  placed: ((hostId: string) => ConnectionToRun[]) | undefined;
  /** Every heartbeat received, in order (parsed with the contract). */
  readonly heartbeats: HostHeartbeat[] = [];
  /** Answers 404 to heartbeats (a worker from before many hosts). */
  noHeartbeatRoute = false;
  /** Every handover asked for, in order. */
  readonly handovers: { connectionId: number; hostId: string }[] = [];
  /** Where a handed-over connection goes: the lease moves to this host (null: released, no other host is live). */
  handoverTo: string | null = "host-b";
  /** Decides on a handover before the default (e.g. fail it with 503). */
  onHandover: ((connectionId: number, hostId: string) => Answer | Promise<Answer>) | undefined;
  /** connectionId → holder. */
  readonly leases = new Map<number, { hostId: string; expiresAt: number }>();
  readonly sessions = new Map<number, SessionState>();
  /** Connections the worker knows: leases and sessions of others answer 404 ERR_NO_WAPP_FOUND. Empty: all known. */
  knownConnections = new Set<number>();
  /** Answers 503 to everything while true (the worker is up but failing). */
  failing = false;
  /** Decides on an events batch before it is accepted (e.g. refuse a poison event with 400). */
  onEvents: ((events: BridgeEvent[]) => Answer) | undefined;
  /** Delays a sessions write, to test ordering. */
  writeDelayMs: ((call: FakeCall) => number) | undefined;
  /** Fails the next N session writes with 503. */
  failSessionWrites = 0;
  /** Files uploaded with PUT /bridge/media/:connectionId, by the key answered. */
  readonly media = new Map<string, StoredMedia>();
  /** Fails the next N media uploads with 503, after reading their bytes (as a worker failing to store them would). */
  failMediaUploads = 0;
  /** Uploads declaring more bytes are refused with 413 (tests lower it to avoid huge files). */
  maxMediaBytes = BRIDGE_MAX_MEDIA_BYTES;

  private server: Server;
  private port = 0;

  private constructor(readonly secret: string) {
    this.server = this.makeServer();
  }

  static async start(secret = TEST_SECRET): Promise<FakeWorker> {
    const worker = new FakeWorker(secret);
    await worker.listen(0);
    return worker;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Every accepted event, in order. */
  get events(): BridgeEvent[] {
    return this.batches.flat();
  }

  callsTo(method: string, prefix: string): FakeCall[] {
    return this.calls.filter((c) => c.method === method && c.path.startsWith(prefix));
  }

  /** Takes the worker off the network: connections are refused until up(). */
  async down(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Back on the same port. */
  async up(): Promise<void> {
    this.server = this.makeServer();
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }

  private async listen(port: number) {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  private makeServer() {
    return createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        if (!res.headersSent) json(res, 500, { error: "ERR_INTERNAL", message: String(err) });
      });
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const mediaRoute = /^\/bridge\/media\/([^/]+)$/.exec(new URL(req.url ?? "/", "http://worker").pathname);
    if (req.method === "PUT" && mediaRoute) return this.handleMediaUpload(req, res, mediaRoute[1]!);
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://worker");
    const method = req.method ?? "GET";
    const verdict = await verifyBridgeRequest(this.secret, method, url.pathname + url.search, text, {
      timestamp: req.headers[BRIDGE_HEADERS.timestamp] as string | undefined,
      signature: req.headers[BRIDGE_HEADERS.signature] as string | undefined,
    });
    if (!verdict.ok) {
      this.refused.push({ method, path: url.pathname, reason: verdict.reason });
      return json(res, 401, { error: "ERR_BRIDGE_SIGNATURE", message: verdict.reason });
    }
    const body: unknown = text ? JSON.parse(text) : undefined;
    const call = { method, path: url.pathname + url.search, body };
    this.calls.push(call);
    if (this.failing) return json(res, 503, { error: "ERR_INTERNAL", message: "failing on purpose" });

    let m: RegExpExecArray | null;
    if (method === "POST" && url.pathname === "/bridge/events") {
      const batch = parse(res, eventBatch, body);
      if (!batch) return;
      const answer = this.onEvents?.(batch.events);
      if (answer) return json(res, answer.status, answer.body);
      this.batches.push(batch.events);
      return json(res, 200, { accepted: batch.events.length });
    }
    if (method === "POST" && url.pathname === "/bridge/hosts/heartbeat") {
      if (this.noHeartbeatRoute) return json(res, 404, { error: "ERR_NOT_FOUND", message: "Not found." });
      const beat = parse(res, hostHeartbeat, body);
      if (!beat) return;
      this.heartbeats.push(beat);
      return json(res, 200, { connections: this.placed ? this.placed(beat.hostId) : this.connections });
    }
    if ((m = /^\/bridge\/leases\/([^/]+)\/handover$/.exec(url.pathname)) && method === "POST") {
      const id = parsePlatformId(m[1]);
      if (id === null || !this.knows(id)) return json(res, 404, { error: "ERR_NO_WAPP_FOUND", message: "unknown connection" });
      const input = parse(res, handoverRequest, body);
      if (!input) return;
      this.handovers.push({ connectionId: id, hostId: input.hostId });
      const answer = await this.onHandover?.(id, input.hostId);
      if (answer) return json(res, answer.status, answer.body);
      const lease = this.leases.get(id);
      if (!lease || lease.hostId !== input.hostId || lease.expiresAt < Date.now()) {
        return json(res, 409, { error: "ERR_LEASE_NOT_HELD", message: "this host does not hold the lease" });
      }
      if (this.handoverTo === null) {
        this.leases.delete(id);
        return json(res, 200, { to: null, status: null });
      }
      this.leases.set(id, { hostId: this.handoverTo, expiresAt: Date.now() + 30_000 });
      return json(res, 200, { to: this.handoverTo, status: "CONNECTED" });
    }
    if (method === "GET" && url.pathname === "/bridge/connections") {
      return json(res, 200, { connections: this.connections });
    }
    if ((m = /^\/bridge\/leases\/([^/]+)$/.exec(url.pathname))) {
      const id = parsePlatformId(m[1]);
      if (id === null || !this.knows(id)) return json(res, 404, { error: "ERR_NO_WAPP_FOUND", message: "unknown connection" });
      if (method === "POST") {
        const input = parse(res, leaseRequest, body);
        if (!input) return;
        const now = Date.now();
        const lease = this.leases.get(id);
        if (!lease || lease.hostId === input.hostId || lease.expiresAt < now) {
          this.leases.set(id, { hostId: input.hostId, expiresAt: now + input.ttlMs });
          return json(res, 200, { granted: true, expiresAt: now + input.ttlMs });
        }
        return json(res, 200, { granted: false, holder: lease.hostId, expiresAt: lease.expiresAt });
      }
      if (method === "DELETE") {
        const hostId = (body as { hostId?: string } | undefined)?.hostId;
        const lease = this.leases.get(id);
        const released = lease?.hostId === hostId;
        if (released) this.leases.delete(id);
        return json(res, 200, { released });
      }
    }
    if ((m = /^\/bridge\/sessions\/([^/]+?)(\/creds|\/keys)?$/.exec(url.pathname))) {
      const id = parsePlatformId(m[1]);
      if (id === null || !this.knows(id)) return json(res, 404, { error: "ERR_NO_WAPP_FOUND", message: "unknown connection" });
      const state = this.sessions.get(id) ?? { creds: null, keys: {} };
      if (method !== "GET") {
        if (this.failSessionWrites > 0) {
          this.failSessionWrites--;
          return json(res, 503, { error: "ERR_INTERNAL", message: "failing on purpose" });
        }
        const delay = this.writeDelayMs?.(call) ?? 0;
        if (delay) await new Promise((r) => setTimeout(r, delay));
      }
      if (method === "GET" && !m[2]) return json(res, 200, state);
      if (method === "PUT" && m[2] === "/creds") {
        this.sessions.set(id, { ...state, creds: (body as { creds: unknown }).creds });
        return json(res, 200, { ok: true });
      }
      if (method === "POST" && m[2] === "/keys") {
        const input = parse(res, keysUpdate, body);
        if (!input) return;
        const keys = structuredClone(state.keys);
        for (const [type, values] of Object.entries(input.set)) {
          const bucket = (keys[type] ??= {});
          for (const [key, value] of Object.entries(values)) {
            if (value === null) delete bucket[key];
            else bucket[key] = value;
          }
        }
        this.sessions.set(id, { ...state, keys });
        return json(res, 200, { ok: true });
      }
      if (method === "DELETE" && !m[2]) {
        this.sessions.delete(id);
        return json(res, 200, { ok: true });
      }
    }
    return json(res, 404, { error: "ERR_NOT_FOUND", message: "Not found." });
  }

  /**
   * As the worker's route does: size first, then the signature over the declared SHA-256 (the bytes are not
   * signed, only their digest), then the digest against the bytes that arrived.
   */
  private async handleMediaUpload(req: IncomingMessage, res: ServerResponse, rawConnectionId: string) {
    const url = new URL(req.url ?? "/", "http://worker");
    const path = url.pathname + url.search;
    const refuse = (status: number, error: string, message: string, fields?: Record<string, string>) => {
      // Drained, so the client reads the refusal instead of a reset connection.
      req.resume();
      json(res, status, { error, message, ...(fields ? { fields } : {}) });
    };
    const size = Number(req.headers["content-length"] ?? NaN);
    if (!Number.isInteger(size) || size <= 0) return refuse(400, "ERR_VALIDATION", "Invalid fields", { "content-length": "Required" });
    if (size > this.maxMediaBytes) return refuse(413, "ERR_PAYLOAD_TOO_LARGE", `Media may have at most ${this.maxMediaBytes} bytes.`);
    const sha256 = String(req.headers[BRIDGE_HEADERS.contentSha256] ?? "").toLowerCase();
    const verdict = await verifyBridgeRequest(this.secret, "PUT", path, sha256, {
      timestamp: req.headers[BRIDGE_HEADERS.timestamp] as string | undefined,
      signature: req.headers[BRIDGE_HEADERS.signature] as string | undefined,
    });
    if (!verdict.ok) {
      this.refused.push({ method: "PUT", path: url.pathname, reason: verdict.reason });
      return refuse(401, "ERR_BRIDGE_SIGNATURE", verdict.reason);
    }
    this.calls.push({ method: "PUT", path, body: undefined });
    if (!/^[0-9a-f]{64}$/.test(sha256)) return refuse(400, "ERR_VALIDATION", "Invalid fields", { [BRIDGE_HEADERS.contentSha256]: "Must be a hex SHA-256" });
    const query = mediaUploadQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return refuse(400, "ERR_VALIDATION", "Invalid fields", { query: query.error.issues[0]?.message ?? "invalid" });
    const connectionId = parsePlatformId(rawConnectionId);
    if (connectionId === null || !this.knows(connectionId)) return refuse(404, "ERR_NO_WAPP_FOUND", "unknown connection");
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (this.failing) return json(res, 503, { error: "ERR_INTERNAL", message: "failing on purpose" });
    if (this.failMediaUploads > 0) {
      this.failMediaUploads--;
      return json(res, 503, { error: "ERR_INTERNAL", message: "failing on purpose" });
    }
    if (createHash("sha256").update(bytes).digest("hex") !== sha256) {
      return json(res, 400, { error: "ERR_MEDIA_CHECKSUM", message: "The uploaded bytes do not match their declared SHA-256." });
    }
    // As the worker does: under the company that owns the connection (ids are platform-wide: the id tells which).
    const key = `companies/${companyOfId(connectionId)}/messages/${randomUUID()}/${safeName(query.data.filename)}`;
    this.media.set(key, { connectionId, bytes, mimetype: query.data.mimetype, filename: query.data.filename });
    return json(res, 200, { key });
  }

  private knows(id: number) {
    return this.knownConnections.size === 0 || this.knownConnections.has(id);
  }
}

function parse<S extends z.ZodType>(res: ServerResponse, schema: S, body: unknown): z.infer<S> | undefined {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".")] ??= issue.message;
  json(res, 400, { error: "ERR_VALIDATION", message: "Invalid fields", fields });
  return undefined;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Calls the host as the worker would: signed (or tampered with, for the refusal tests). */
export async function signedCall(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: { secret?: string; now?: number; tamper?: (text: string) => string; signedPath?: string; unsigned?: boolean } = {},
) {
  const text = body === undefined ? "" : JSON.stringify(body);
  const headers: Record<string, string> = options.unsigned
    ? {}
    : await signBridgeRequest(options.secret ?? TEST_SECRET, method, options.signedPath ?? path, text, options.now);
  if (body !== undefined) headers["content-type"] = "application/json";
  const sent = options.tamper ? options.tamper(text) : text;
  const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : sent });
  const answer = await res.text();
  let json: any;
  try {
    json = JSON.parse(answer);
  } catch {
    json = undefined;
  }
  return { status: res.status, json };
}

/** Polls until `check` passes (or throws its last failure after `timeoutMs`). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5_000, stepMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, stepMs));
    }
  }
}
