import { Hono } from "hono";
import { z } from "zod";
import { platformIdText } from "../contracts/ids";
import {
  BRIDGE_HEADERS,
  BRIDGE_MAX_BODY_BYTES,
  BRIDGE_MAX_MEDIA_BYTES,
  eventBatch,
  handoverRequest,
  hostHeartbeat,
  keysUpdate,
  leaseRequest,
  mediaUploadQuery,
} from "../contracts/bridge";
import { createControlDb, type ControlDb } from "../db/client";
import { hubDirectory } from "../hub/ports";
import type { HubCallInput, HubCallName } from "../contracts/hubCalls";
import { companyOfConnection } from "../domain/sessionHost/connectionRoutes";
import { AppError, errorBody, fieldError } from "../domain/errors";
import { ingestEventBatch } from "../domain/inbound/ingestEventBatch";
import { storeUploadedBridgeMedia } from "../domain/inbound/uploadedBridgeMedia";
import { connectionsToRun } from "../domain/sessionHost/connectionsToRun";
import { acquireLease, releaseLease } from "../domain/sessionHost/leases";
import { handoverLease } from "../domain/sessionHost/handoverLease";
import { noHostRegistered } from "../domain/sessionHost/hosts";
import { connectionsOnHost } from "../domain/sessionHost/placement";
import { recordHeartbeat } from "../domain/sessionHost/recordHeartbeat";
import type { Env } from "../env";
import { verifyBridgeRequest } from "../lib/bridgeSignature";
import { parseWith } from "../api/http";

interface BridgeEnv {
  Bindings: Env;
  Variables: { db: ControlDb; body: unknown };
}

/** A connection id in the path, read by the id contract (decimal only: not "1e3", "0x10" or "12.0"). */
const connectionIdParam = platformIdText("Must be a connection id");

/**
 * Calls from the session host (contract: worker/contracts/bridge.ts). Every call is signed with BRIDGE_SECRET
 * over its method, path, timestamp and body; unsigned, stale or tampered calls get 401 and change nothing.
 */
export function createBridgeRoutes() {
  const bridge = new Hono<BridgeEnv>({ strict: false });

  // Registered before the middleware below, which reads whole bodies: a file is streamed, its digest signed.
  bridge.put("/media/:id", async (c) => {
    const connectionId = parseWith(connectionIdParam, c.req.param("id"));
    const size = Number(c.req.header("content-length") ?? NaN);
    if (!Number.isInteger(size) || size <= 0) throw fieldError({ "content-length": "Required: the file's size in bytes" });
    if (size > BRIDGE_MAX_MEDIA_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", `Media may have at most ${BRIDGE_MAX_MEDIA_BYTES} bytes.`, { limit: BRIDGE_MAX_MEDIA_BYTES });
    const sha256 = (c.req.header(BRIDGE_HEADERS.contentSha256) ?? "").toLowerCase();
    const url = new URL(c.req.url);
    const verdict = await verifyBridgeRequest(c.env.BRIDGE_SECRET, c.req.method, url.pathname + url.search, sha256, {
      timestamp: c.req.header(BRIDGE_HEADERS.timestamp),
      signature: c.req.header(BRIDGE_HEADERS.signature),
    });
    if (!verdict.ok) throw new AppError("ERR_BRIDGE_SIGNATURE", `Bridge call refused (${verdict.reason}).`);
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw fieldError({ [BRIDGE_HEADERS.contentSha256]: "Must be a hex SHA-256" });
    const { filename, mimetype } = parseWith(mediaUploadQuery, c.req.query());
    if (!c.req.raw.body) throw fieldError({ body: "Required" });
    return c.json(await storeUploadedBridgeMedia(createControlDb(c.env.DB), c.env, { connectionId, body: c.req.raw.body, sha256, filename, mimetype }));
  });

  bridge.use("*", async (c, next) => {
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > BRIDGE_MAX_BODY_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
    const text = await c.req.text();
    if (text.length > BRIDGE_MAX_BODY_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE");
    const url = new URL(c.req.url);
    const verdict = await verifyBridgeRequest(c.env.BRIDGE_SECRET, c.req.method, url.pathname + url.search, text, {
      timestamp: c.req.header(BRIDGE_HEADERS.timestamp),
      signature: c.req.header(BRIDGE_HEADERS.signature),
    });
    if (!verdict.ok) throw new AppError("ERR_BRIDGE_SIGNATURE", `Bridge call refused (${verdict.reason}).`);
    let body: unknown = {};
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new AppError("ERR_INVALID_JSON");
      }
    }
    c.set("body", body);
    c.set("db", createControlDb(c.env.DB));
    await next();
  });

  bridge.post("/events", async (c) => {
    const batch = parseWith(eventBatch, c.get("body"));
    const accepted = await ingestEventBatch(hubDirectory(c.env), c.get("db"), batch.hostId, batch.events);
    return c.json({ accepted });
  });

  bridge.post("/hosts/heartbeat", async (c) => c.json(await recordHeartbeat(c.get("db"), parseWith(hostHeartbeat, c.get("body")))));

  // The connections placed on a host (its unexpired leases, as the heartbeat answers); while no host ever
  // registered (an old single host that does not heartbeat), every connection it may take, as before.
  bridge.get("/connections", async (c) => {
    const db = c.get("db");
    const hostId = parseWith(z.string().min(1).max(100), c.req.query("hostId"));
    return c.json({ connections: (await noHostRegistered(db)) ? await connectionsToRun(db, hostId) : await connectionsOnHost(db, hostId) });
  });

  bridge.post("/leases/:id", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    const { hostId, ttlMs } = parseWith(leaseRequest, c.get("body"));
    await assertConnection(c.get("db"), id);
    return c.json(await acquireLease(c.get("db"), id, hostId, ttlMs));
  });

  bridge.post("/leases/:id/handover", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    const { hostId } = parseWith(handoverRequest, c.get("body"));
    await assertConnection(c.get("db"), id);
    return c.json(await handoverLease(c.env, c.get("db"), id, hostId));
  });

  bridge.delete("/leases/:id", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    const { hostId } = parseWith(z.object({ hostId: z.string().min(1).max(100) }), c.get("body"));
    return c.json(await releaseLease(c.get("db"), id, hostId));
  });

  bridge.get("/sessions/:id", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    return c.json(await atConnectionHub(c.env, c.get("db"), id, "loadSessionState", { whatsappId: id }));
  });

  bridge.put("/sessions/:id/creds", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    const { creds } = parseWith(z.object({ creds: z.unknown().refine((v) => v !== undefined && v !== null, "Required") }), c.get("body"));
    await atConnectionHub(c.env, c.get("db"), id, "saveSessionCreds", { whatsappId: id, creds });
    return c.json({ ok: true });
  });

  bridge.post("/sessions/:id/keys", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    const { set } = parseWith(keysUpdate, c.get("body"));
    await atConnectionHub(c.env, c.get("db"), id, "saveSessionKeys", { whatsappId: id, set });
    return c.json({ ok: true });
  });

  bridge.delete("/sessions/:id", async (c) => {
    const id = parseWith(connectionIdParam, c.req.param("id"));
    if ((await companyOfConnection(c.get("db"), id)) !== null) await atConnectionHub(c.env, c.get("db"), id, "wipeSessionState", { whatsappId: id });
    return c.json({ ok: true });
  });

  bridge.onError((err, c) => {
    if (err instanceof AppError) return c.json(errorBody(err), err.status);
    console.error("bridge error", c.req.method, c.req.path, err);
    return c.json({ error: "ERR_INTERNAL", message: "An internal error occurred." }, 500);
  });
  bridge.notFound((c) => c.json({ error: "ERR_NOT_FOUND", message: "Not found." }, 404));
  return bridge;
}

async function assertConnection(db: ControlDb, id: number) {
  if ((await companyOfConnection(db, id)) === null) throw new AppError("ERR_NO_WAPP_FOUND");
}

/** A connection's session state lives in its company's hub: the call goes there, found through the index. */
async function atConnectionHub<N extends HubCallName>(env: Env, db: ControlDb, id: number, name: N, input: HubCallInput<N>) {
  const companyId = await companyOfConnection(db, id);
  if (companyId === null) throw new AppError("ERR_NO_WAPP_FOUND");
  return hubDirectory(env).of(companyId).call(name, input);
}
