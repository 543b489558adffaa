import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BRIDGE_HEADERS } from "../../../worker/contracts/bridge";
import { FakeWorker } from "../testing/fakeWorker";
import { connectionId, TEST_COMPANY } from "../testing/ids";
import { BridgeCallError, createWorkerClient, type MediaUpload } from "./workerClient";

// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const MEDIA_CONN = connectionId(7);

let worker: FakeWorker;
beforeEach(async () => {
  worker = await FakeWorker.start();
});
afterEach(() => worker.close());

const client = (secret = worker.secret) => createWorkerClient({ workerUrl: worker.url, secret, hostId: "host a/1", timeoutMs: 1_000 });

describe("worker client", () => {
  it("signs every call, query string included, so that the worker verifies it", async () => {
    worker.connections = [{ id: CONN, name: "Vendas", status: "CONNECTED" }];
    const c = client();
    expect(await c.listConnections()).toEqual([{ id: CONN, name: "Vendas", status: "CONNECTED" }]);
    expect(await c.acquireLease(CONN, 60_000)).toMatchObject({ granted: true });
    expect(await c.releaseLease(CONN)).toBe(true);
    await c.saveCreds(CONN, { a: 1 });
    await c.wipeSession(CONN);
    expect(worker.refused).toEqual([]);
    expect(worker.calls.map((x) => `${x.method} ${x.path}`)).toEqual([
      "GET /bridge/connections?hostId=host%20a%2F1",
      "POST /bridge/leases/9998000000001",
      "DELETE /bridge/leases/9998000000001",
      "PUT /bridge/sessions/9998000000001/creds",
      "DELETE /bridge/sessions/9998000000001",
    ]);
  });

  it("heartbeats and hands over, signed, parsing the answers with the contract", async () => {
    worker.connections = [{ id: CONN, name: "Vendas", status: "CONNECTED" }];
    const c = createWorkerClient({ workerUrl: worker.url, secret: worker.secret, hostId: "host-a", timeoutMs: 1_000 });
    const placed = await c.heartbeat({ url: "http://10.0.0.7:8788", capacity: 300, running: [], draining: false, memoryMb: 80, startedAt: 1_700_000_000_000, version: "0.1.0" });
    expect(placed).toEqual([{ id: CONN, name: "Vendas", status: "CONNECTED" }]);
    expect(worker.heartbeats).toEqual([
      { hostId: "host-a", url: "http://10.0.0.7:8788", capacity: 300, running: [], draining: false, memoryMb: 80, startedAt: 1_700_000_000_000, version: "0.1.0" },
    ]);
    await c.acquireLease(CONN, 60_000);
    expect(await c.handover(CONN)).toEqual({ to: "host-b", status: "CONNECTED" });
    expect(worker.leases.get(CONN)?.hostId).toBe("host-b");
    // Not the holder any more: the worker refuses, and the caller sees why.
    expect(await c.handover(CONN).catch((e: unknown) => e)).toMatchObject({ status: 409, transient: false });
    expect(worker.refused).toEqual([]);
  });

  it("reports a refusal with the worker's status, code and fields", async () => {
    const err = await client()
      .acquireLease(CONN, 10)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeCallError);
    expect(err).toMatchObject({ status: 400, code: "ERR_VALIDATION", transient: false, fields: { ttlMs: expect.any(String) } });
    expect(await client("wrong-secret-but-long-enough-0123456789").listConnections().catch((e: unknown) => e)).toMatchObject({
      status: 401,
      code: "ERR_BRIDGE_SIGNATURE",
    });
  });

  it("reports an unreachable worker as status 0, worth retrying", async () => {
    await worker.down();
    expect(await client().listConnections().catch((e: unknown) => e)).toMatchObject({ status: 0, code: "ERR_BRIDGE_UNREACHABLE", transient: true });
  });

  it("refuses an answer that does not match the contract", async () => {
    const odd = createWorkerClient({
      workerUrl: worker.url,
      secret: worker.secret,
      hostId: "h",
      fetch: async () => new Response(JSON.stringify({ connections: [{ id: "one" }] }), { status: 200 }),
    });
    expect(await odd.listConnections().catch((e: unknown) => e)).toMatchObject({ code: "ERR_BRIDGE_RESPONSE", transient: true });
  });
});

describe("worker client: media uploads", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "zapdesk-upload-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A file on disk and the upload that describes it. */
  async function file(bytes: Buffer, over: Partial<MediaUpload> = {}): Promise<MediaUpload> {
    const filePath = path.join(dir, "media.bin");
    await writeFile(filePath, bytes);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    return { connectionId: MEDIA_CONN, filePath, size: bytes.length, sha256, mimetype: "video/mp4", filename: "férias na praia (1).mp4", ...over };
  }

  const bytesOf = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31) % 251));

  it("streams the file, signed over its SHA-256, and answers the key the worker stored it under", async () => {
    const bytes = bytesOf(3 * 1024 * 1024 + 17);
    const key = await client().uploadMedia(await file(bytes));
    expect(key).toMatch(new RegExp(`^companies/${TEST_COMPANY}/messages/[0-9a-f-]{36}/férias_na_praia_\\(1\\)\\.mp4$`));
    expect(worker.refused).toEqual([]);
    const stored = worker.media.get(key);
    expect(stored).toMatchObject({ connectionId: MEDIA_CONN, mimetype: "video/mp4", filename: "férias na praia (1).mp4" });
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(worker.callsTo("PUT", `/bridge/media/${MEDIA_CONN}`)).toHaveLength(1);
  });

  it("is refused when the signed digest was tampered with on the way, and nothing is stored", async () => {
    const tampering = createWorkerClient({
      workerUrl: worker.url,
      secret: worker.secret,
      hostId: "h",
      fetch: (url, init) => {
        const headers = { ...(init?.headers as Record<string, string>), [BRIDGE_HEADERS.contentSha256]: "0".repeat(64) };
        return fetch(url, { ...init, headers });
      },
    });
    const err = await tampering.uploadMedia(await file(bytesOf(1000))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeCallError);
    expect(err).toMatchObject({ status: 401, code: "ERR_BRIDGE_SIGNATURE", transient: false });
    expect(worker.refused).toMatchObject([{ method: "PUT", path: `/bridge/media/${MEDIA_CONN}`, reason: "bad-signature" }]);
    expect(worker.media.size).toBe(0);
  });

  it("is refused when the bytes do not match the digest, or are over the worker's limit: neither is worth retrying", async () => {
    const c = client();
    const mismatch = await file(bytesOf(1000), { sha256: createHash("sha256").update("other bytes").digest("hex") });
    expect(await c.uploadMedia(mismatch).catch((e: unknown) => e)).toMatchObject({ status: 400, code: "ERR_MEDIA_CHECKSUM", transient: false });
    worker.maxMediaBytes = 999;
    expect(await c.uploadMedia(await file(bytesOf(1000))).catch((e: unknown) => e)).toMatchObject({ status: 413, code: "ERR_PAYLOAD_TOO_LARGE", transient: false });
    worker.knownConnections = new Set([CONN]);
    worker.maxMediaBytes = 10_000;
    expect(await c.uploadMedia(await file(bytesOf(1000))).catch((e: unknown) => e)).toMatchObject({ status: 404, code: "ERR_NO_WAPP_FOUND", transient: false });
    expect(worker.media.size).toBe(0);
  });

  it("reports a worker failing to store the file as worth retrying, and a retry goes through", async () => {
    const c = client();
    const upload = await file(bytesOf(5000));
    worker.failMediaUploads = 1;
    expect(await c.uploadMedia(upload).catch((e: unknown) => e)).toMatchObject({ status: 503, transient: true });
    const key = await c.uploadMedia(upload);
    expect(worker.media.get(key)?.bytes.equals(bytesOf(5000))).toBe(true);
  });
});
