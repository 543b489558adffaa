import { afterEach, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../../worker/contracts/bridge";
import { silentLogger } from "../log";
import { SimulatorProvider } from "../providers/simulator";
import { bridgedHost } from "../testing/bridgedHost";
import { eventually, FakeWorker } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";
import { SilenceWatchdog } from "./watchdog";

const CONN = connectionId(1);
const CONN_2 = connectionId(2);
const CONTACT = "5511987654321";
const SILENCE = 10 * 60_000;

/** A simulator whose probe answers as the test says (and counts what it was asked). */
class ProbedSimulator extends SimulatorProvider {
  alive = true;
  readonly probed: number[] = [];
  async probe(connectionId: number): Promise<boolean> {
    this.probed.push(connectionId);
    return this.alive;
  }
}

function watched(sim: SimulatorProvider & { probe?: (id: number) => Promise<boolean> }) {
  let now = 1_000_000;
  const emitted: BridgeEvent[] = [];
  const restarted: number[] = [];
  const watchdog = new SilenceWatchdog({
    provider: sim,
    silenceMs: SILENCE,
    restart: async (id) => {
      restarted.push(id);
      await sim.stop(id);
      await sim.start(id);
    },
    emit: (e) => emitted.push(e),
    now: () => now,
    logger: silentLogger,
  });
  sim.onEvent((e) => watchdog.heard(e));
  return { watchdog, emitted, restarted, advance: (ms: number) => (now += ms), now: () => now };
}

const paired = (...ids: number[]) => ({ fixture: { connections: ids.map((id) => ({ id, status: "CONNECTED" as const })), contacts: [] }, ackStepMs: 0, logger: silentLogger });

describe("silent connections", () => {
  it("probes a connection silent past the limit and, when the probe fails, restarts it and reports it silent", async () => {
    const sim = new ProbedSimulator(paired(CONN));
    await sim.start(CONN);
    const t = watched(sim);
    await t.watchdog.check(); // first sight: counted from now
    t.advance(SILENCE);
    sim.alive = false;
    await t.watchdog.check();
    expect(sim.probed).toEqual([CONN]);
    expect(t.restarted).toEqual([CONN]);
    expect(t.emitted).toEqual([{ type: "health", connectionId: CONN, kind: "silent", count: 1, at: t.now() }]);
    expect(sim.connections().find((c) => c.id === CONN)?.status).toBe("CONNECTED");
    // Heard from since (its restart): not probed again until silent for the whole limit once more.
    await t.watchdog.check();
    expect(sim.probed).toEqual([CONN]);
    await sim.close();
  });

  it("does not probe a connection that keeps talking, and counts a passed probe as traffic", async () => {
    const sim = new ProbedSimulator(paired(CONN, CONN_2));
    await sim.start(CONN);
    await sim.start(CONN_2);
    const t = watched(sim);
    await t.watchdog.check();
    t.advance(SILENCE - 1);
    sim.inbound(CONN, { from: CONTACT, body: "ainda aqui" });
    t.advance(1);
    await t.watchdog.check();
    // Only the quiet one was probed; it answered, so nothing restarts and nothing is reported.
    expect(sim.probed).toEqual([CONN_2]);
    t.advance(SILENCE - 2);
    await t.watchdog.check();
    expect(sim.probed).toEqual([CONN_2]);
    expect(t.restarted).toEqual([]);
    expect(t.emitted).toEqual([]);
    await sim.close();
  });

  it("never probes a connection that is not CONNECTED, nor any connection of a provider without probe", async () => {
    const probed = new ProbedSimulator(paired(CONN));
    await probed.start(CONN);
    await probed.stop(CONN);
    const a = watched(probed);
    await a.watchdog.check();
    a.advance(SILENCE * 2);
    await a.watchdog.check();
    expect(probed.probed).toEqual([]);

    const plain = new SimulatorProvider(paired(CONN));
    // Whatever the simulator itself offers, this provider has no probe.
    Object.defineProperty(plain, "probe", { value: undefined });
    await plain.start(CONN);
    const b = watched(plain);
    await b.watchdog.check();
    b.advance(SILENCE * 2);
    await b.watchdog.check();
    expect(b.restarted).toEqual([]);
    expect(b.emitted).toEqual([]);
    await probed.close();
    await plain.close();
  });
});

describe("silent connections on a running host", () => {
  const disposers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const dispose of disposers.splice(0).reverse()) await dispose();
  });

  it("restarts a silent connection under its lease and the worker gets the health event", async () => {
    const worker = await FakeWorker.start();
    worker.connections = [{ id: CONN, name: "Vendas", status: "CONNECTED" }];
    const sim = new ProbedSimulator(paired(CONN));
    sim.alive = false;
    const t = await bridgedHost({ worker, env: { SESSION_HOST_SILENCE_MS: "1000" }, start: { provider: sim } });
    disposers.push(() => t.dispose());
    await eventually(() => expect(worker.events.some((e) => e.type === "health" && e.connectionId === CONN && e.kind === "silent")).toBe(true), 10_000, 50);
    expect(sim.probed[0]).toBe(CONN);
    // Restarted as the worker's restart does: still under this host's lease, connected again.
    expect(worker.leases.get(CONN)?.hostId).toBe("host-a");
    await eventually(() => expect(sim.connections().find((c) => c.id === CONN)?.status).toBe("CONNECTED"));
    const statuses = worker.events.filter((e) => e.type === "status" && e.connectionId === CONN).map((e) => (e as { status: string }).status);
    expect(statuses.slice(-2)).toEqual(["DISCONNECTED", "CONNECTED"]);
  });
});
