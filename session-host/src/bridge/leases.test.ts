import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../log";
import { Leases } from "./leases";
import { BridgeCallError, type LeaseAnswer } from "./workerClient";

const TTL = 60_000;

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
    expect(await leases.acquire(1)).toEqual({ granted: true });
    expect(client.acquireLease).toHaveBeenCalledWith(1, TTL, expect.anything());
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(acquired).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(acquired).toEqual([1, 1, 1]);
    expect(leases.has(1)).toBe(true);
    leases.close();
  });

  it("answers a refusal with the holder and holds nothing", async () => {
    const { client, answers } = scriptedClient();
    answers.push({ granted: false, holder: "host-b", expiresAt: Date.now() + 30_000 });
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    expect(await leases.acquire(1)).toMatchObject({ granted: false, holder: "host-b" });
    expect(leases.has(1)).toBe(false);
    await vi.advanceTimersByTimeAsync(TTL);
    expect(client.acquireLease).toHaveBeenCalledTimes(1);
  });

  it("treats a connection the worker does not know as refused", async () => {
    const { client, answers } = scriptedClient();
    answers.push(new BridgeCallError(404, "ERR_NO_WAPP_FOUND", "gone"));
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    expect(await leases.acquire(9)).toMatchObject({ granted: false });
  });

  it("loses the lease at once when a renewal is refused (another host holds it)", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(1);
    answers.push({ granted: false, holder: "host-b", expiresAt: Date.now() + TTL });
    await vi.advanceTimersByTimeAsync(TTL / 3);
    expect(onLost).toHaveBeenCalledWith(1, expect.stringContaining("host-b"));
    expect(leases.has(1)).toBe(false);
    await vi.advanceTimersByTimeAsync(TTL * 2);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it("keeps running while the worker is unreachable, until the lease would have expired, then loses it", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(1);
    for (let i = 0; i < 20; i++) answers.push(unreachable());
    await vi.advanceTimersByTimeAsync(TTL - 3_000);
    expect(onLost).not.toHaveBeenCalled();
    expect(leases.has(1)).toBe(true);
    expect(client.acquireLease.mock.calls.length).toBeGreaterThan(2); // retried sooner than every ttl/3
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onLost).toHaveBeenCalledWith(1, expect.stringContaining("expired"));
    expect(leases.has(1)).toBe(false);
  });

  it("extends the lease when a renewal gets through again after failures", async () => {
    const { client, answers } = scriptedClient();
    const onLost = vi.fn();
    const leases = new Leases({ client, ttlMs: TTL, onLost, logger: silentLogger });
    await leases.acquire(1);
    answers.push(unreachable(), unreachable());
    await vi.advanceTimersByTimeAsync(TTL * 3);
    expect(onLost).not.toHaveBeenCalled();
    expect(leases.has(1)).toBe(true);
    leases.close();
  });

  it("releases: stops renewing and tells the worker", async () => {
    const { client, released } = scriptedClient();
    const leases = new Leases({ client, ttlMs: TTL, onLost: vi.fn(), logger: silentLogger });
    await leases.acquire(1);
    await leases.acquire(2);
    await leases.releaseAll();
    expect(released.sort()).toEqual([1, 2]);
    expect(leases.ids()).toEqual([]);
    await vi.advanceTimersByTimeAsync(TTL);
    expect(client.acquireLease).toHaveBeenCalledTimes(2);
  });
});
