import { afterEach, describe, expect, it } from "vitest";
import type { BridgeEvent } from "../../../worker/contracts/bridge";
import { bridgedHost } from "../testing/bridgedHost";
import { eventually, FakeWorker, signedCall } from "../testing/fakeWorker";
import { connectionId } from "../testing/ids";

const CONTACT = "5511987654321";
const CONNS = [connectionId(1), connectionId(2), connectionId(3)];
const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose();
});

const listed = (...ids: number[]) => ids.map((id) => ({ id, name: `Connection ${id}`, status: "CONNECTED" as const }));
const statusesOf = (events: BridgeEvent[], id: number) =>
  events.filter((e) => e.type === "status" && e.connectionId === id).map((e) => (e as { status: string }).status);

async function runningHost(env: Record<string, string> = {}) {
  const worker = await FakeWorker.start();
  worker.connections = listed(...CONNS);
  const t = await bridgedHost({
    worker,
    env,
    simulator: { fixture: { connections: CONNS.map((id) => ({ id, status: "CONNECTED" as const })), contacts: [] } },
  });
  disposers.push(() => t.dispose());
  await eventually(() => expect(t.host.bridge!.leases.ids().sort()).toEqual([...CONNS].sort()));
  await eventually(() => expect(CONNS.map((id) => statusesOf(worker.events, id))).toEqual(CONNS.map(() => ["CONNECTED"])));
  return t;
}

describe("draining (a deploy stops the host)", () => {
  it("says it is draining, then hands its connections over one by one, and exits once the spool is empty", async () => {
    const t = await runningHost();
    const { worker, sim } = t;
    // What each handover saw: that connection closed already, the ones after it still running.
    const seen: { id: number; statuses: (string | undefined)[]; draining: boolean | undefined }[] = [];
    worker.onHandover = (id) => {
      seen.push({ id, statuses: CONNS.map((c) => sim.connections().find((x) => x.id === c)?.status), draining: worker.heartbeats.at(-1)?.draining });
      return undefined;
    };
    // An event not delivered yet when the drain begins.
    worker.failing = true;
    const { id: lastWords } = sim.inbound(CONNS[0]!, { from: CONTACT, body: "chegou durante o deploy" });
    await eventually(() => expect(t.host.bridge!.spool.health().failures).toBeGreaterThan(0));
    worker.failing = false;

    const heartbeatsBefore = worker.heartbeats.length;
    expect(await t.host.drain()).toBe(true);

    expect(worker.heartbeats.slice(heartbeatsBefore)[0]?.draining).toBe(true);
    expect(worker.handovers).toEqual(CONNS.map((connectionId) => ({ connectionId, hostId: "host-a" })));
    expect(seen.map((s) => s.id)).toEqual(CONNS);
    expect(seen.map((s) => s.statuses)).toEqual([
      ["DISCONNECTED", "CONNECTED", "CONNECTED"],
      ["DISCONNECTED", "DISCONNECTED", "CONNECTED"],
      ["DISCONNECTED", "DISCONNECTED", "DISCONNECTED"],
    ]);
    expect(seen.every((s) => s.draining)).toBe(true);
    // The worker moved every lease; this host released none of them and never said DISCONNECTED over the new holder.
    expect([...worker.leases.values()].map((l) => l.hostId)).toEqual(["host-b", "host-b", "host-b"]);
    expect(worker.callsTo("DELETE", "/bridge/leases/")).toEqual([]);
    for (const id of CONNS) expect(statusesOf(worker.events, id)).toEqual(["CONNECTED"]);
    // Every event delivered before it stopped.
    expect(worker.events.some((e) => e.type === "message" && e.message.id === lastWords)).toBe(true);
    expect(t.host.sink.stats().spooled).toBe(0);
    expect(t.host.server.listening).toBe(false);
  });

  it("releases a connection's lease when its handover fails, and goes on with the next", async () => {
    const t = await runningHost();
    const { worker } = t;
    worker.onHandover = (id) => (id === CONNS[1] ? { status: 503, body: { error: "ERR_INTERNAL", message: "failing on purpose" } } : undefined);
    expect(await t.host.drain()).toBe(true);
    expect(worker.handovers.map((h) => h.connectionId)).toEqual(CONNS);
    expect(worker.leases.get(CONNS[0]!)?.hostId).toBe("host-b");
    expect(worker.leases.has(CONNS[1]!)).toBe(false);
    expect(worker.leases.get(CONNS[2]!)?.hostId).toBe("host-b");
    expect(worker.callsTo("DELETE", "/bridge/leases/").map((c) => c.path)).toEqual([`/bridge/leases/${CONNS[1]}`]);
  });

  it("refuses to start connections while draining, and starts none the heartbeat answers", async () => {
    const t = await runningHost();
    const { worker } = t;
    let checked = false;
    worker.onHandover = () => {
      if (!checked) {
        checked = true;
        // Asked while the first handover is under way.
        void signedCall(t.host.url, "POST", `/bridge/connections/${CONNS[2]}/restart`, {}).then((r) => (restart = r.status));
      }
      return undefined;
    };
    let restart: number | undefined;
    expect(await t.host.drain()).toBe(true);
    await eventually(() => expect(restart).toBe(409));
    expect(t.sim.connections().every((c) => c.status === "DISCONNECTED")).toBe(true);
  });

  it("gives up after the drain timeout, still closing and releasing what it holds", async () => {
    const t = await runningHost({ SESSION_HOST_DRAIN_TIMEOUT_MS: "300" });
    const { worker } = t;
    // The worker takes longer than the whole budget to answer the first handover.
    worker.onHandover = async () => {
      await new Promise((r) => setTimeout(r, 600));
      return undefined;
    };
    expect(await t.host.drain()).toBe(false);
    expect(worker.handovers.map((h) => h.connectionId)).toEqual([CONNS[0]]);
    // The others were never handed over: closing released their leases so that they lapse at once.
    expect(worker.leases.has(CONNS[1]!)).toBe(false);
    expect(worker.leases.has(CONNS[2]!)).toBe(false);
  });
});
