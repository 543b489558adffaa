import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../../worker/contracts/bridge";
import { silentLogger } from "../log";
import { eventually, FakeWorker } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";
import { Spool, type SpoolOptions } from "./spool";
import { createWorkerClient } from "./workerClient";

let worker: FakeWorker;
let dir: string;
const open: Spool[] = [];

beforeEach(async () => {
  worker = await FakeWorker.start();
  dir = await mkdtemp(path.join(os.tmpdir(), "zapdesk-spool-"));
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  await worker.close();
  await rm(dir, { recursive: true, force: true });
});

async function openSpool(options: Partial<SpoolOptions> = {}) {
  const client = createWorkerClient({ workerUrl: worker.url, secret: worker.secret, hostId: "host-a", timeoutMs: 2_000 });
  const spool = await Spool.open({
    dir,
    deliver: (events, signal) => client.postEvents(events, { signal }),
    retryBaseMs: 20,
    retryMaxMs: 100,
    logger: silentLogger,
    ...options,
  });
  open.push(spool);
  return spool;
}

async function closeSpool(spool: Spool) {
  await spool.close();
  open.splice(open.indexOf(spool), 1);
}

// Connections of a company that signed up (ids in the high range), as customers have them.
const CONN = connectionId(1);
/** A connection the worker no longer has. */
const GONE = connectionId(9);

const message = (n: number, body = `message ${n}`): BridgeEvent => ({
  type: "message",
  connectionId: CONN,
  at: 1_700_000_000_000 + n,
  message: {
    id: `WA${n}`,
    chatId: "5511987654321",
    isGroup: false,
    from: "5511987654321",
    fromMe: false,
    body,
    mediaType: "chat",
    isForwarded: false,
    isHistory: false,
    timestamp: 1_700_000_000_000 + n,
  },
});

const ids = (events: BridgeEvent[]) => events.map((e) => (e.type === "message" ? e.message.id : e.type));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `WA${from + i}`);

describe("spool: delivery", () => {
  it("delivers recorded events to the worker, signed, in order, as the host", async () => {
    const spool = await openSpool();
    for (let n = 1; n <= 5; n++) spool.record(message(n));
    await eventually(() => expect(worker.events).toHaveLength(5));
    expect(ids(worker.events)).toEqual(range(1, 5));
    expect(worker.refused).toEqual([]);
    expect(worker.callsTo("POST", "/bridge/events")[0]!.body).toMatchObject({ hostId: "host-a" });
    await eventually(() => expect(spool.stats()).toEqual({ recorded: 5, delivered: 5, spooled: 0, dropped: 0 }));
  });

  it("counts an event as recorded only once the journal on disk holds it", async () => {
    await worker.down();
    const spool = await openSpool();
    spool.record(message(1));
    expect(spool.stats()).toMatchObject({ recorded: 0, spooled: 1 });
    await spool.settled();
    expect(spool.stats()).toMatchObject({ recorded: 1, spooled: 1, delivered: 0 });
    const journal = await readFile(path.join(dir, "spool.jsonl"), "utf8");
    expect(journal.trim().split("\n").map((l) => JSON.parse(l).e.message.id)).toEqual(["WA1"]);
  });

  it("sends at most 100 events per batch", async () => {
    await worker.down();
    const spool = await openSpool();
    for (let n = 1; n <= 250; n++) spool.record(message(n));
    await spool.settled();
    await worker.up();
    await eventually(() => expect(worker.events).toHaveLength(250));
    expect(worker.batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(ids(worker.events)).toEqual(range(1, 250));
  });

  it("keeps a batch under the byte budget (a big event travels alone)", async () => {
    await worker.down();
    const spool = await openSpool({ maxBatchBytes: 2_000 });
    spool.record(message(1, "a"));
    spool.record(message(2, "b".repeat(5_000)));
    spool.record(message(3, "c"));
    spool.record(message(4, "d"));
    await spool.settled();
    await worker.up();
    await eventually(() => expect(worker.events).toHaveLength(4));
    expect(worker.batches.map(ids)).toEqual([["WA1"], ["WA2"], ["WA3", "WA4"]]);
  });

  it("keeps events while the worker is down and delivers them in order, none lost, when it is back", async () => {
    const spool = await openSpool();
    spool.record(message(1));
    await eventually(() => expect(worker.events).toHaveLength(1));
    await worker.down();
    for (let n = 2; n <= 40; n++) spool.record(message(n));
    await spool.settled();
    await eventually(() => expect(spool.health().failures).toBeGreaterThan(1));
    expect(spool.stats()).toMatchObject({ recorded: 40, delivered: 1, spooled: 39 });
    await worker.up();
    for (let n = 41; n <= 45; n++) spool.record(message(n));
    await eventually(() => expect(spool.stats()).toMatchObject({ delivered: 45, spooled: 0 }));
    expect(ids(worker.events)).toEqual(range(1, 45));
    expect(spool.health()).toEqual({ failures: 0, lastError: null });
  });

  it("tells its hook which events the worker has, only once it has them", async () => {
    const delivered: BridgeEvent[] = [];
    await worker.down();
    const spool = await openSpool({ onDelivered: (events) => delivered.push(...events) });
    for (let n = 1; n <= 3; n++) spool.record(message(n));
    await spool.settled();
    await eventually(() => expect(spool.health().failures).toBeGreaterThan(1));
    expect(delivered).toEqual([]);
    await worker.up();
    await eventually(() => expect(ids(delivered)).toEqual(range(1, 3)));
    expect(delivered).toEqual(worker.events);
  });

  it("retries a batch the worker failed (5xx) until it takes it, and may send it twice but never skips it", async () => {
    const spool = await openSpool();
    worker.failing = true;
    for (let n = 1; n <= 3; n++) spool.record(message(n));
    await eventually(() => expect(worker.callsTo("POST", "/bridge/events").length).toBeGreaterThanOrEqual(3));
    expect(worker.events).toEqual([]);
    worker.failing = false;
    await eventually(() => expect(ids(worker.events)).toEqual(range(1, 3)));
  });
});

describe("spool: restarts", () => {
  it("delivers what an earlier run left undelivered first, in order, then the new events", async () => {
    await worker.down();
    const first = await openSpool();
    for (let n = 1; n <= 10; n++) first.record(message(n));
    await closeSpool(first);
    await worker.up();

    const second = await openSpool();
    expect(second.stats()).toMatchObject({ spooled: 10, recorded: 0 });
    second.record(message(11));
    await eventually(() => expect(worker.events).toHaveLength(11));
    expect(ids(worker.events)).toEqual(range(1, 11));
    await eventually(() => expect(second.stats()).toMatchObject({ delivered: 11, spooled: 0 }));
  });

  it("does not deliver again what the worker acknowledged before the restart", async () => {
    const first = await openSpool();
    for (let n = 1; n <= 3; n++) first.record(message(n));
    await eventually(() => expect(worker.events).toHaveLength(3));
    await closeSpool(first);
    await openSpool();
    await new Promise((r) => setTimeout(r, 100));
    expect(worker.events).toHaveLength(3);
  });

  it("skips events the worker acknowledged just before a crash cut the journal short", async () => {
    // The journal still holds 1–3, but spool.acked says 2 was the last delivered.
    await writeFile(path.join(dir, "spool.jsonl"), [1, 2, 3].map((n) => `${JSON.stringify({ s: n, e: message(n) })}\n`).join(""));
    await writeFile(path.join(dir, "spool.acked"), "2");
    const spool = await openSpool();
    await eventually(() => expect(ids(worker.events)).toEqual(["WA3"]));
    spool.record(message(4));
    await eventually(() => expect(ids(worker.events)).toEqual(["WA3", "WA4"]));
    // The worker records a batch before it answers: wait for the answer, or closing cancels it unacknowledged.
    expect(await spool.flush()).toBe(true);
    // Sequence numbers go on after the ones already used.
    await closeSpool(spool);
    expect(Number(await readFile(path.join(dir, "spool.acked"), "utf8"))).toBe(4);
  });

  it("ignores an unfinished last line left by a crash in the middle of a write", async () => {
    await worker.down();
    const first = await openSpool();
    first.record(message(1));
    await closeSpool(first);
    await appendFile(path.join(dir, "spool.jsonl"), '{"s":2,"e":{"type":"mess');
    await worker.up();
    const second = await openSpool();
    await eventually(() => expect(ids(worker.events)).toEqual(["WA1"]));
    expect(second.stats().dropped).toBe(0);
    second.record(message(3));
    await eventually(() => expect(ids(worker.events)).toEqual(["WA1", "WA3"]));
  });

  it("moves an unreadable line in the middle of the journal to the dead letters and delivers the rest", async () => {
    await writeFile(path.join(dir, "spool.jsonl"), `${JSON.stringify({ s: 1, e: message(1) })}\nnot json at all\n${JSON.stringify({ s: 3, e: message(3) })}\n`);
    const spool = await openSpool();
    await eventually(() => expect(ids(worker.events)).toEqual(["WA1", "WA3"]));
    expect(spool.stats().dropped).toBe(1);
    const dead = (await readFile(path.join(dir, "dead-letter.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(dead).toEqual([expect.objectContaining({ reason: "unreadable", line: "not json at all" })]);
  });
});

describe("spool: poison events", () => {
  it("quarantines the one event the worker refuses and delivers the others in order", async () => {
    worker.onEvents = (events) =>
      events.some((e) => e.type === "message" && e.message.body === "POISON")
        ? { status: 400, body: { error: "ERR_VALIDATION", message: "Invalid fields", fields: { "events.0.message.body": "nope" } } }
        : undefined;
    const spool = await openSpool();
    for (let n = 1; n <= 30; n++) spool.record(message(n, n === 17 ? "POISON" : `message ${n}`));
    await eventually(() => expect(spool.stats()).toMatchObject({ spooled: 0, delivered: 29, dropped: 1 }));
    expect(ids(worker.events)).toEqual(range(1, 30).filter((id) => id !== "WA17"));
    const dead = (await readFile(path.join(dir, "dead-letter.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(dead).toEqual([
      expect.objectContaining({ reason: "refused", status: 400, fields: { "events.0.message.body": "nope" }, event: expect.objectContaining({ message: expect.objectContaining({ id: "WA17" }) }) }),
    ]);
    // Nothing stays stuck: later events flow at full batch size again.
    for (let n = 31; n <= 35; n++) spool.record(message(n));
    await eventually(() => expect(worker.events).toHaveLength(34));
  });

  it("quarantines events of a connection the worker no longer has, but retries while the route itself is missing", async () => {
    let routeDeployed = false;
    worker.onEvents = (events) =>
      !routeDeployed
        ? { status: 404, body: { error: "ERR_NOT_FOUND", message: "Not found." } }
        : events.some((e) => e.connectionId === GONE)
          ? { status: 404, body: { error: "ERR_NO_WAPP_FOUND", message: "gone" } }
          : undefined;
    const spool = await openSpool();
    spool.record(message(1));
    spool.record({ ...message(2), connectionId: GONE });
    spool.record(message(3));
    await eventually(() => expect(spool.health().failures).toBeGreaterThan(2));
    expect(spool.stats()).toMatchObject({ dropped: 0, spooled: 3 });
    routeDeployed = true;
    await eventually(() => expect(ids(worker.events)).toEqual(["WA1", "WA3"]));
    await eventually(() => expect(spool.stats()).toMatchObject({ dropped: 1, delivered: 2, spooled: 0 }));
  });

  it("sends an event that breaks the contract to the dead letters at once instead of the worker", async () => {
    const spool = await openSpool();
    spool.record({ ...message(1), connectionId: -3 } as BridgeEvent);
    spool.record(message(2));
    await eventually(() => expect(ids(worker.events)).toEqual(["WA2"]));
    await eventually(() => expect(spool.stats()).toMatchObject({ dropped: 1, delivered: 1 }));
    await eventually(async () => expect(await readFile(path.join(dir, "dead-letter.jsonl"), "utf8")).toContain('"reason":"invalid"'));
  });

  it("keeps retrying, not quarantining, while the worker refuses the signature (a configuration problem)", async () => {
    const client = createWorkerClient({ workerUrl: worker.url, secret: "another-secret-that-is-long-enough-00", hostId: "host-a" });
    const spool = await openSpool({ deliver: (events, signal) => client.postEvents(events, { signal }) });
    spool.record(message(1));
    await eventually(() => expect(worker.refused.length).toBeGreaterThanOrEqual(3));
    expect(spool.stats()).toMatchObject({ dropped: 0, spooled: 1 });
    expect(spool.health().lastError).toContain("ERR_BRIDGE_SIGNATURE");
  });
});

describe("spool: the journal stays small", () => {
  it("empties the journal once everything is delivered", async () => {
    const spool = await openSpool();
    for (let n = 1; n <= 5; n++) spool.record(message(n));
    await eventually(() => expect(spool.stats().spooled).toBe(0));
    await eventually(async () => expect(await readFile(path.join(dir, "spool.jsonl"), "utf8")).toBe(""));
  });

  it("rewrites the journal without its delivered head while a backlog drains, and still delivers everything once", async () => {
    await worker.down();
    const spool = await openSpool({ compactAfterBytes: 2_000, maxBatchEvents: 5 });
    for (let n = 1; n <= 60; n++) spool.record(message(n));
    await spool.settled();
    const before = (await readFile(path.join(dir, "spool.jsonl"))).length;
    let smallest = before;
    await worker.up();
    await eventually(async () => {
      smallest = Math.min(smallest, (await readFile(path.join(dir, "spool.jsonl"))).length);
      expect(spool.stats().spooled).toBe(0);
    }, 5_000, 5);
    expect(smallest).toBeLessThan(before);
    expect(ids(worker.events)).toEqual(range(1, 60));
  });

  it("flush() retries at once instead of waiting out the backoff", async () => {
    const spool = await openSpool({ retryBaseMs: 60_000, retryMaxMs: 60_000 });
    worker.failing = true;
    spool.record(message(1));
    await eventually(() => expect(spool.health().failures).toBe(1));
    worker.failing = false;
    expect(await spool.flush(2_000)).toBe(true);
    expect(ids(worker.events)).toEqual(["WA1"]);
  });
});
