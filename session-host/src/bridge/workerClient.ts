import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { z } from "zod";
import {
  BRIDGE_HEADERS,
  type BridgeEvent,
  type ConnectionToRun,
  connectionToRun,
  type HandoverAnswer,
  type HostHeartbeat,
  handoverAnswer,
  hostHeartbeatAnswer,
  leaseResponse,
  mediaUploadAnswer,
  type SessionState,
  sessionState,
} from "../../../worker/contracts/bridge";
import { signBridgeRequest } from "../../../worker/lib/bridgeSignature";

/**
 * The host's side of host → worker calls (contract: worker/contracts/bridge.ts). Every call is signed with
 * BRIDGE_SECRET; answers are parsed with the contract's schemas, never cast.
 */

/** A failed bridge call. `status` 0 means the worker was unreachable or did not answer in time. */
export class BridgeCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "BridgeCallError";
  }

  /** Worth retrying as is: the worker is down, overloaded or failed; a 4xx refusal will not change by itself. */
  get transient(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export interface WorkerClientOptions {
  workerUrl: string;
  secret: string;
  hostId: string;
  fetch?: typeof globalThis.fetch;
  /** Per call, unless the call says otherwise. */
  timeoutMs?: number;
}

export type LeaseAnswer = z.infer<typeof leaseResponse>;

const eventsAnswer = z.object({ accepted: z.number().int().nonnegative() });
const connectionsAnswer = z.object({ connections: z.array(connectionToRun) });
const releaseAnswer = z.object({ released: z.boolean() });
const okAnswer = z.object({ ok: z.literal(true) });

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A file on disk to store ahead of the message that names it (PUT /bridge/media/:connectionId). */
export interface MediaUpload {
  connectionId: number;
  filePath: string;
  /** Bytes in the file: sent as content-length, which the worker checks against its limit before reading. */
  size: number;
  /** Hex SHA-256 of the file: signed in the body's place, and checked by the worker against what arrives. */
  sha256: string;
  mimetype: string;
  filename: string;
  signal?: AbortSignal;
}

/** Uploads get longer than other calls: a base, plus time for the bytes (about 1 MB/s at worst). */
export function uploadTimeoutMs(size: number): number {
  return 30_000 + Math.ceil(size / (1024 * 1024)) * 1_000;
}

interface Outgoing {
  /** What the signature covers in the body's place: the JSON text, or a file's hex SHA-256. */
  signed: string;
  body?: string | (() => BodyInit);
  headers?: Record<string, string>;
}

export function createWorkerClient(options: WorkerClientOptions) {
  const { workerUrl, secret, hostId } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const defaultTimeout = options.timeoutMs ?? 30_000;

  async function call<S extends z.ZodType>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    body: unknown,
    answer: S,
    opts: CallOptions = {},
  ): Promise<z.infer<S>> {
    if (body === undefined) return exchange(method, path, { signed: "" }, answer, opts);
    const text = JSON.stringify(body);
    return exchange(method, path, { signed: text, body: text, headers: { "content-type": "application/json" } }, answer, opts);
  }

  async function exchange<S extends z.ZodType>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    outgoing: Outgoing,
    answer: S,
    opts: CallOptions = {},
  ): Promise<z.infer<S>> {
    const url = new URL(workerUrl + path);
    const headers: Record<string, string> = {
      ...(await signBridgeRequest(secret, method, url.pathname + url.search, outgoing.signed)),
      ...outgoing.headers,
    };
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? defaultTimeout);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    let payload: unknown;
    try {
      const streamed = typeof outgoing.body === "function";
      const body = typeof outgoing.body === "function" ? outgoing.body() : outgoing.body;
      // Node's fetch takes a stream body only with duplex "half" (which not every RequestInit typing knows).
      const init: RequestInit = streamed ? ({ method, headers, body, signal, duplex: "half" } as RequestInit) : { method, headers, body, signal };
      res = await doFetch(url, init);
      payload = await res.json().catch(() => undefined);
    } catch (err) {
      const why = timeout.aborted ? "did not answer in time" : opts.signal?.aborted ? "call cancelled" : `is unreachable (${describe(err)})`;
      throw new BridgeCallError(0, "ERR_BRIDGE_UNREACHABLE", `${method} ${url.pathname}: the worker ${why}.`);
    }
    if (!res.ok) {
      const e = (payload ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
      throw new BridgeCallError(
        res.status,
        typeof e.error === "string" ? e.error : `HTTP_${res.status}`,
        `${method} ${url.pathname}: the worker answered ${res.status}${typeof e.message === "string" ? `: ${e.message}` : ""}`,
        e.fields && typeof e.fields === "object" ? (e.fields as Record<string, string>) : undefined,
      );
    }
    const parsed = answer.safeParse(payload);
    if (!parsed.success) {
      throw new BridgeCallError(502, "ERR_BRIDGE_RESPONSE", `${method} ${url.pathname}: the worker's answer does not match the contract.`);
    }
    return parsed.data;
  }

  const session = (id: number) => `/bridge/sessions/${id}`;
  return {
    hostId,
    /** Resolves once the worker has ingested every event (it answers 200 only then). */
    postEvents: (events: BridgeEvent[], opts?: CallOptions) => call("POST", "/bridge/events", { hostId, events }, eventsAnswer, opts),
    listConnections: async (opts?: CallOptions): Promise<ConnectionToRun[]> =>
      (await call("GET", `/bridge/connections?hostId=${encodeURIComponent(hostId)}`, undefined, connectionsAnswer, opts)).connections,
    /** Registers this host and reports what it runs; answers every connection placed on it (ADR 0056). */
    heartbeat: async (body: Omit<HostHeartbeat, "hostId">, opts?: CallOptions): Promise<ConnectionToRun[]> =>
      (await call("POST", "/bridge/hosts/heartbeat", { hostId, ...body }, hostHeartbeatAnswer, opts)).connections,
    /** A draining host gives a connection away (its socket closed, its lease still ours): where it went, and its status there. */
    handover: (connectionId: number, opts?: CallOptions): Promise<HandoverAnswer> =>
      call("POST", `/bridge/leases/${connectionId}/handover`, { hostId }, handoverAnswer, opts),
    acquireLease: (connectionId: number, ttlMs: number, opts?: CallOptions): Promise<LeaseAnswer> =>
      call("POST", `/bridge/leases/${connectionId}`, { hostId, ttlMs }, leaseResponse, opts),
    releaseLease: async (connectionId: number, opts?: CallOptions) =>
      (await call("DELETE", `/bridge/leases/${connectionId}`, { hostId }, releaseAnswer, opts)).released,
    loadSession: (connectionId: number, opts?: CallOptions): Promise<SessionState> =>
      call("GET", session(connectionId), undefined, sessionState, opts),
    saveCreds: (connectionId: number, creds: unknown, opts?: CallOptions) =>
      call("PUT", `${session(connectionId)}/creds`, { creds }, okAnswer, opts).then(() => undefined),
    saveKeys: (connectionId: number, set: Record<string, Record<string, unknown>>, opts?: CallOptions) =>
      call("POST", `${session(connectionId)}/keys`, { set }, okAnswer, opts).then(() => undefined),
    wipeSession: (connectionId: number, opts?: CallOptions) => call("DELETE", session(connectionId), undefined, okAnswer, opts).then(() => undefined),
    /** Streams a file to the worker's media store; resolves to the key the message event names it by. */
    uploadMedia: async (upload: MediaUpload): Promise<string> => {
      const query = `filename=${encodeURIComponent(upload.filename)}&mimetype=${encodeURIComponent(upload.mimetype)}`;
      const outgoing: Outgoing = {
        signed: upload.sha256,
        // Opened only when the call is made, so a failure to sign never leaves a file descriptor open.
        body: () => Readable.toWeb(createReadStream(upload.filePath)) as unknown as BodyInit,
        headers: {
          [BRIDGE_HEADERS.contentSha256]: upload.sha256,
          "content-type": "application/octet-stream",
          "content-length": String(upload.size),
        },
      };
      const answer = await exchange("PUT", `/bridge/media/${upload.connectionId}?${query}`, outgoing, mediaUploadAnswer, {
        signal: upload.signal,
        timeoutMs: uploadTimeoutMs(upload.size),
      });
      return answer.key;
    },
  };
}

export type WorkerClient = ReturnType<typeof createWorkerClient>;

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
