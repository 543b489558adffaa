import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { HOST_LIVE_MS, type HostHeartbeat } from "../../contracts/bridge";
import { connectionRoutes, sessionHosts, sessionLeases } from "../../db/control";
import { companyWithTeam, control, createCompany } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";
import { acquireLease, leaseHolder } from "./leases";
import { PLACEMENT_GRACE_MS } from "./placement";
import { recordHeartbeat } from "./recordHeartbeat";

/** Each test starts with no hosts, no leases, and the file's earlier connections stopped (not orphans). */
beforeEach(async () => {
  await control.delete(sessionLeases);
  await control.delete(sessionHosts);
  await control.update(connectionRoutes).set({ status: "DISCONNECTED" });
});

const T0 = Date.now();

function beat(hostId: string, overrides: Partial<HostHeartbeat> = {}): HostHeartbeat {
  return { hostId, url: `http://${hostId}.hosts.test`, capacity: 10, running: [], draining: false, startedAt: T0 - 60_000, ...overrides };
}

async function connections(n: number) {
  const { company } = await companyWithTeam();
  const made = [];
  for (let i = 0; i < n; i++) made.push(await createConnection(company.id, { isDefault: i === 0 }));
  return made.map((c) => c.id);
}

const ids = (answer: { connections: { id: number }[] }) => answer.connections.map((c) => c.id);

describe("placement at heartbeats", () => {
  it("places an orphan on the live host with the most room, counting the placements made in the same pass", async () => {
    // a has 2 free places, b 4: of six orphans, b takes places until both have the same room, then they alternate.
    await recordHeartbeat(control, beat("a", { capacity: 2 }), T0 - 1_000);
    const orphans = await connections(6);
    const answer = await recordHeartbeat(control, beat("b", { capacity: 4 }), T0);
    const holders = await Promise.all(orphans.map((id) => leaseHolder(control, id, T0)));
    expect(holders.filter((h) => h === "b")).toHaveLength(4);
    expect(holders.filter((h) => h === "a")).toHaveLength(2);
    expect(ids(answer).sort()).toEqual(orphans.filter((_, i) => holders[i] === "b").sort());
  });

  it("never places on a draining host nor on one whose heartbeats stopped", async () => {
    await recordHeartbeat(control, beat("dead", { capacity: 100 }), T0 - HOST_LIVE_MS - 1);
    await recordHeartbeat(control, beat("draining", { capacity: 100, draining: true }), T0);
    const [id] = await connections(1);
    const drainingAnswer = await recordHeartbeat(control, beat("draining", { capacity: 100, draining: true }), T0);
    expect(ids(drainingAnswer)).not.toContain(id);
    expect(await leaseHolder(control, id!, T0)).toBeNull();

    const answer = await recordHeartbeat(control, beat("small", { capacity: 1 }), T0);
    expect(ids(answer)).toEqual([id]);
    expect(await leaseHolder(control, id!, T0)).toBe("small");
  });

  it("places nothing on a host that is full", async () => {
    const [first, second] = await connections(2);
    const answer = await recordHeartbeat(control, beat("one", { capacity: 1 }), T0);
    expect(ids(answer)).toEqual([first]);
    expect(await leaseHolder(control, second!, T0)).toBeNull();
  });

  it("does not place a connection that is stopped, of a suspended company, or already held", async () => {
    const { company } = await companyWithTeam();
    const stopped = await createConnection(company.id, { status: "DISCONNECTED" });
    const held = await createConnection(company.id, { isDefault: false });
    const suspended = await createCompany({ status: false });
    const ofSuspended = await createConnection(suspended.id);
    await acquireLease(control, held.id, "other", 60_000, T0);
    const answer = await recordHeartbeat(control, beat("h"), T0);
    expect(ids(answer)).not.toContain(stopped.id);
    expect(ids(answer)).not.toContain(held.id);
    expect(ids(answer)).not.toContain(ofSuspended.id);
    expect(await leaseHolder(control, held.id, T0)).toBe("other");
  });

  it("moves a dead host's connections to the live ones once their leases expire, and not before", async () => {
    const mine = await connections(4);
    await recordHeartbeat(control, beat("dies", { capacity: 4 }), T0);
    for (const id of mine) expect(await acquireLease(control, id, "dies", 60_000, T0)).toMatchObject({ granted: true });
    await recordHeartbeat(control, beat("x", { capacity: 10 }), T0);

    // Still its leases: nothing moves while they run (the dead host may only be slow).
    const early = await recordHeartbeat(control, beat("x", { capacity: 10 }), T0 + 30_000);
    expect(ids(early)).toEqual([]);

    // Expired: the survivors take them, each on the one with the most room.
    const later = T0 + 60_001;
    const x = await recordHeartbeat(control, beat("x", { capacity: 10 }), later);
    const y = await recordHeartbeat(control, beat("y", { capacity: 10 }), later + 1);
    expect(ids(x).sort()).toEqual([...mine].sort());
    expect(ids(y)).toEqual([]);
    for (const id of mine) expect(await leaseHolder(control, id, later)).toBe("x");
  });

  it("lets a placement lapse when the chosen host never takes it up, and places it again", async () => {
    const [id] = await connections(1);
    await recordHeartbeat(control, beat("lazy"), T0);
    expect(await leaseHolder(control, id!, T0)).toBe("lazy");
    // lazy stops heartbeating; after the grace the next live host's heartbeat takes it.
    const after = T0 + PLACEMENT_GRACE_MS + HOST_LIVE_MS + 1;
    const answer = await recordHeartbeat(control, beat("eager"), after);
    expect(ids(answer)).toEqual([id]);
  });

  it("never gives one connection to two hosts heartbeating at once", async () => {
    const mine = await connections(12);
    await Promise.all([recordHeartbeat(control, beat("p", { capacity: 50 }), T0 - 10), recordHeartbeat(control, beat("q", { capacity: 50 }), T0 - 10)]);
    const [p, q] = await Promise.all([recordHeartbeat(control, beat("p", { capacity: 50 }), T0), recordHeartbeat(control, beat("q", { capacity: 50 }), T0)]);
    const both = [...ids(p), ...ids(q)];
    expect(new Set(both).size).toBe(both.length);
    expect([...both].sort()).toEqual([...mine].sort());
    for (const id of ids(p)) expect(await leaseHolder(control, id, T0)).toBe("p");
    for (const id of ids(q)) expect(await leaseHolder(control, id, T0)).toBe("q");
  });

  it("keeps answering a connection the host runs though the index still says DISCONNECTED (a start in flight)", async () => {
    const { company } = await companyWithTeam();
    const conn = await createConnection(company.id, { status: "DISCONNECTED" });
    await acquireLease(control, conn.id, "runner", 60_000, T0);
    expect(ids(await recordHeartbeat(control, beat("runner"), T0))).toEqual([]);
    expect(ids(await recordHeartbeat(control, beat("runner", { running: [conn.id] }), T0))).toEqual([conn.id]);
  });

  it("records the host's facts for the super admin", async () => {
    await recordHeartbeat(control, beat("facts", { capacity: 7, running: [], memoryMb: 321, version: "1.2.3" }), T0);
    const row = await control.select().from(sessionHosts).where(eq(sessionHosts.id, "facts")).get();
    expect(row).toMatchObject({ url: "http://facts.hosts.test", capacity: 7, running: 0, memoryMb: 321, version: "1.2.3", draining: false });
    expect(row!.heartbeatAt.getTime()).toBe(T0);
  });
});
