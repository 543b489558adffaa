import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../log";
import { connectionId, FIRST_ID_OF_COMPANY_9999, ID_9_000_000_000_123 } from "../testing/ids";
import { Leases } from "./leases";
import { BridgeCallError, type LeaseAnswer } from "./workerClient";

const TTL = 60_000;
// Connections of companies that signed up (ids in the high range), as customers have them.
const CONN = FIRST_ID_OF_COMPANY_9999;
const CONN_2 = ID_9_000_000_000_123;
/** A connection the worker does not know. */
const UNKNOWN = connectionId(9);

/** A scripted worker: each lease call takes the next answer (or throws it). */
function scriptedClient() {
  const answers: (LeaseAnswer | Error)[] = [];
  const acquired: number[] = [];
  const released: number[] = [];
  const client = {
    acquireLease: vi.fn(async (id: number) => {
      acquired.push(id);
      const next = answers.shift() ?? { granted: true, expiresAt: Date.now() + TTL };
      if (next instanceof Error) throw next;
      return next;
    }),
    releaseLease: vi.fn(async (id: number) => {
      released.push(id);
      return true;
    }),
  };
  return { client, answers, acquired, released };
}

const unreachable = () => new BridgeCallError(0, "ERR_BRIDGE_UNREACHABLE", "the worker is unreachable");

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("leases", () => {
  it("renews a granted lease every third of its ttl", async () => {
    const { client, acquired } = scriptedClient();
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    expect(await leases.acquire(CONN)).toEqual({ granted: true });
    expect(client.acquireLease).toHaveBeenCalledWith(CONN, TTL, expect.anything());
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(acquired).toEqual([CONN, CONN]);
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(acquired).toEqual([CONN, CONN, CONN]);
    expect(leases.has(CONN)).toBe(true);
    leases.close();
  });

  it("answers a refusal with the holder and holds nothing", async () => {
    const { client, answers } = scriptedClient();
    answers.push({ granted: false, holder: "host-b", expiresAt: Date.now() + 30_000 });
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    expect(await leases.acquire(CONN)).toMatchObject({ granted: false, holder: "host-b" });
    expect(leases.has(CONN)).toBe(false);
    await vi.advanceTimersByTimeAsync(TTL);
    expect(client.acquireLease).toHaveBeenCalledTimes(1);
  });

  it("treats a connection the worker does not know as refused", async () => {
    const { client, answers } = scriptedClient();
    answers.push(new BridgeCallError(404, "ERR_NO_WAPP_FOUND", "gone"));
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    expect(await leases.acquire(UNKNOWN)).toMatchObject({ granted: false });
  });

  it("loses the lease at once when a renewal is refused (another host holds it)", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(CONN);
    answers.push({ granted: false, holder: "host-b", expiresAt: Date.now() + TTL });
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(onLost).toHaveBeenCalledWith(CONN, expect.stringContaining("host-b"));
    expect(leases.has(CONN)).toBe(false);
    await vi.advanceTimersByTimeAsync(TTL * 2);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it("keeps running while the worker is unreachable, until the lease would have expired, then loses it", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(CONN);
    for (let i = 0; i < 20; i++) answers.push(unreachable());
    await vi.advanceTimersByTimeAsync(TTL - 3_000);
    expect(onLost).not.toHaveBeenCalled();
    expect(leases.has(CONN)).toBe(true);
    expect(client.acquireLease.mock.calls.length).toBeGreaterThan(2); // retried sooner than every ttl/3
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onLost).toHaveBeenCalledWith(CONN, expect.stringContaining("expired"));
    expect(leases.has(CONN)).toBe(false);
  });

  it("extends the lease when a renewal gets through again after failures", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(CONN);
    answers.push(unreachable(), unreachable());
    await vi.advanceTimersByTimeAsync(TTL * 3);
    expect(onLost).not.toHaveBeenCalled();
    expect(leases.has(CONN)).toBe(true);
    leases.close();
  });

  it("releases: stops renewing and tells the worker", async () => {
    const { client, released } = scriptedClient();
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    await leases.acquire(CONN);
    await leases.acquire(CONN_2);
    await leases.releaseAll();
    expect(released.sort((a, b) => a - b)).toEqual([CONN_2, CONN]);
    expect(leases.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(TTL);
    expect(client.acquireLease).toHaveBeenCalledTimes(2);
  });
});
