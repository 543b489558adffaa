import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeWorker } from "../testing/fakeWorker";
import { BridgeCallError, createWorkerClient } from "./workerClient";

let worker: FakeWorker;
beforeEach(async () => {
  worker = await FakeWorker.start();
});
afterEach(() => worker.close());

const client = (secret = worker.secret) => createWorkerClient({ workerUrl: worker.url, secret, hostId: "host a/1", timeoutMs: 1_000 });

describe("worker client", () => {
  it("signs every call, query string included, so that the worker verifies it", async () => {
    worker.connections = [{ id: 1, name: "Vendas", status: "CONNECTED" }];
    const c = client();
    expect(await c.listConnections()).toEqual([{ id: 1, name: "Vendas", status: "CONNECTED" }]);
    expect(await c.acquireLease(1, 60_000)).toMatchObject({ granted: true });
    expect(await c.releaseLease(1)).toBe(true);
    await c.saveCreds(1, { a: 1 });
    await c.wipeSession(1);
    expect(worker.refused).toEqual([]);
    expect(worker.calls.map((x) => `${x.method} ${x.path}`)).toEqual([
      "GET /bridge/connections?hostId=host%20a%2F1",
      "POST /bridge/leases/1",
      "DELETE /bridge/leases/1",
      "PUT /bridge/sessions/1/creds",
      "DELETE /bridge/sessions/1",
    ]);
  });

  it("reports a refusal with the worker's status, code and fields", async () => {
    const err = await client()
      .acquireLease(1, 10)
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
