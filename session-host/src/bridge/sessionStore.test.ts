import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../log";
import { FakeWorker } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";
import { WorkerSessionStore } from "./sessionStore";
import { createWorkerClient } from "./workerClient";

// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
const CONN_2 = connectionId(2);
/** A connection the worker does not know. */
const UNKNOWN = connectionId(7);

let worker: FakeWorker;
let store: WorkerSessionStore;

beforeEach(async () => {
  worker = await FakeWorker.start();
  const client = createWorkerClient({ workerUrl: worker.url, secret: worker.secret, hostId: "host-a", timeoutMs: 2_000 });
  store = new WorkerSessionStore({ client, retryBaseMs: 10, retryMaxMs: 50, logger: silentLogger });
});
afterEach(() => worker.close());

describe("session store through the worker", () => {
  it("answers an empty state for a connection never paired", async () => {
    expect(await store.load(CONN)).toEqual({ creds: null, keys: {} });
  });

  it("round-trips credentials and keys, a null key value deleting the key", async () => {
    const creds = { me: { id: "5511900000001:1@s.whatsapp.net" }, noiseKey: { private: { type: "Buffer", data: "AQID" } } };
    await store.saveCreds(CONN, creds);
    await store.saveKeys(CONN, { "pre-key": { "1": { keyId: 1 }, "2": { keyId: 2 } }, session: { "5511987654321.0": "c2Vzc2lvbg==" } });
    await store.saveKeys(CONN, { "pre-key": { "1": null } });
    expect(await store.load(CONN)).toEqual({
      creds,
      keys: { "pre-key": { "2": { keyId: 2 } }, session: { "5511987654321.0": "c2Vzc2lvbg==" } },
    });
    expect(worker.refused).toEqual([]);
  });

  it("forgets everything on wipe", async () => {
    await store.saveCreds(CONN, { me: "x" });
    await store.wipe(CONN);
    expect(await store.load(CONN)).toEqual({ creds: null, keys: {} });
  });

  it("lands one connection's writes in call order even when an earlier one is slower", async () => {
    // The first write takes long; run concurrently, the later ones would be stored before it and the final state
    // would keep "first".
    worker.writeDelayMs = (call) => (JSON.stringify(call.body).includes('"first"') ? 150 : 0);
    const writes = [
      store.saveKeys(CONN, { session: { a: "first" } }),
      store.saveKeys(CONN, { session: { a: "second" } }),
      store.saveKeys(CONN, { session: { a: null, b: "third" } }),
    ];
    await Promise.all(writes);
    const order = worker.callsTo("POST", `/bridge/sessions/${CONN}/keys`).map((c) => JSON.stringify(c.body));
    expect(order).toEqual([
      JSON.stringify({ set: { session: { a: "first" } } }),
      JSON.stringify({ set: { session: { a: "second" } } }),
      JSON.stringify({ set: { session: { a: null, b: "third" } } }),
    ]);
    expect((await store.load(CONN)).keys).toEqual({ session: { b: "third" } });
  });

  it("does not resolve a write before the worker stored it, and a load sees the writes before it", async () => {
    worker.writeDelayMs = () => 80;
    let resolved = false;
    const write = store.saveCreds(CONN_2, { v: 1 }).then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(resolved).toBe(false);
    expect((await store.load(CONN_2)).creds).toEqual({ v: 1 });
    await write;
  });

  it("retries a write the worker failed for a moment", async () => {
    worker.failSessionWrites = 2;
    await store.saveCreds(CONN, { v: 2 });
    expect((await store.load(CONN)).creds).toEqual({ v: 2 });
    expect(worker.callsTo("PUT", `/bridge/sessions/${CONN}/creds`)).toHaveLength(3);
  });

  it("rejects a write the worker refuses, without retrying, and goes on with the next", async () => {
    worker.knownConnections = new Set([CONN]);
    await expect(store.saveCreds(UNKNOWN, { v: 1 })).rejects.toMatchObject({ status: 404, code: "ERR_NO_WAPP_FOUND" });
    expect(worker.callsTo("PUT", `/bridge/sessions/${UNKNOWN}/creds`)).toHaveLength(1);
    await store.saveCreds(CONN, { v: 3 });
    expect((await store.load(CONN)).creds).toEqual({ v: 3 });
  });

  it("rejects once the worker stays unreachable past the attempts", async () => {
    await worker.down();
    await expect(store.saveKeys(CONN, { session: { a: "x" } })).rejects.toMatchObject({ status: 0, transient: true });
  });
});
