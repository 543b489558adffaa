import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_STATE_DIR, loadConfig } from "./config";
import { FIRST_ID_OF_COMPANY_9999, ID_9_000_000_000_123 } from "./testing/ids";

const SECRET = "x".repeat(32);

describe("session host config", () => {
  it("defaults to the simulator on 127.0.0.1:8788 with the bridge to the local worker", () => {
    expect(loadConfig({ BRIDGE_SECRET: SECRET })).toEqual({
      port: 8788,
      bind: "127.0.0.1",
      provider: "simulator",
      bridge: { workerUrl: "http://127.0.0.1:8787", secret: SECRET, hostId: undefined, leaseTtlMs: 60_000 },
      stateDir: DEFAULT_STATE_DIR,
      simulatorAckStepMs: 700,
      simulatorFixture: undefined,
      simulatorNetworkUrl: undefined,
      metricsToken: undefined,
    });
    expect(DEFAULT_STATE_DIR.endsWith(path.join("session-host", "data"))).toBe(true);
  });

  it("requires BRIDGE_SECRET while the bridge is on, and runs without a worker when it is off", () => {
    expect(() => loadConfig({})).toThrowError(/BRIDGE_SECRET: BRIDGE_SECRET is required while the bridge is on/);
    expect(loadConfig({ SESSION_HOST_BRIDGE: "off" }).bridge).toBeNull();
  });

  it("reads the environment and treats empty values as unset", () => {
    const config = loadConfig({
      SESSION_HOST_PORT: "9001",
      SIMULATOR_FIXTURE: JSON.stringify({ connections: [{ id: FIRST_ID_OF_COMPANY_9999 }], contacts: [{ number: "5511987654321", name: "Maria" }] }),
      WORKER_URL: "http://127.0.0.1:8790/",
      BRIDGE_SECRET: SECRET,
      SESSION_HOST_ID: "host-7",
      SESSION_HOST_LEASE_TTL_MS: "30000",
      SESSION_HOST_STATE_DIR: "/tmp/zapdesk-host-state",
      SIMULATOR_ACK_STEP_MS: "",
      SIMULATOR_NETWORK_URL: "http://127.0.0.1:8790/",
    });
    expect(config).toMatchObject({
      port: 9001,
      simulatorNetworkUrl: "http://127.0.0.1:8790",
      simulatorFixture: { connections: [{ id: FIRST_ID_OF_COMPANY_9999, status: "CONNECTED" }], contacts: [{ number: "5511987654321", name: "Maria" }] },
      bridge: { workerUrl: "http://127.0.0.1:8790", secret: SECRET, hostId: "host-7", leaseTtlMs: 30_000 },
      stateDir: "/tmp/zapdesk-host-state",
      simulatorAckStepMs: 700,
    });
  });

  it("keeps the spool of a run with its own ZAPDESK_STATE_DIR apart from the default one", () => {
    expect(loadConfig({ BRIDGE_SECRET: SECRET, ZAPDESK_STATE_DIR: "/tmp/e2e-run" }).stateDir).toBe(path.resolve("/tmp/e2e-run/session-host"));
  });

  it("names every invalid variable", () => {
    try {
      loadConfig({
        SESSION_HOST_PORT: "70000",
        SESSION_HOST_PROVIDER: "whatsmeow",
        WORKER_URL: "ftp://x",
        BRIDGE_SECRET: "short",
        SESSION_HOST_ID: "has spaces",
        SESSION_HOST_LEASE_TTL_MS: "10",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect(Object.keys((err as ConfigError).fields).sort()).toEqual(
        ["BRIDGE_SECRET", "SESSION_HOST_ID", "SESSION_HOST_LEASE_TTL_MS", "SESSION_HOST_PORT", "SESSION_HOST_PROVIDER", "WORKER_URL"].sort(),
      );
      expect((err as ConfigError).message).toContain("BRIDGE_SECRET must be at least 32 characters");
    }
  });

  it("refuses a metrics token shorter than 32 characters", () => {
    expect(() => loadConfig({ SESSION_HOST_BRIDGE: "off", SESSION_HOST_METRICS_TOKEN: "short" })).toThrowError(
      /SESSION_HOST_METRICS_TOKEN must be at least 32 characters/,
    );
    expect(loadConfig({ SESSION_HOST_BRIDGE: "off", SESSION_HOST_METRICS_TOKEN: SECRET }).metricsToken).toBe(SECRET);
  });

  it("refuses a port that is not a number", () => {
    expect(() => loadConfig({ SESSION_HOST_BRIDGE: "off", SESSION_HOST_PORT: "eighty" })).toThrowError(ConfigError);
  });

  it("reads a simulator fixture's connection ids as the platform issues them, small or in the high range", () => {
    const fixture = (ids: string) => `{"connections":[${ids.split(",").map((id) => `{"id":${id}}`).join(",")}]}`;
    const read = (ids: string) => loadConfig({ SESSION_HOST_BRIDGE: "off", SIMULATOR_FIXTURE: fixture(ids) }).simulatorFixture?.connections.map((c) => c.id);
    expect(read(`1,${ID_9_000_000_000_123},${FIRST_ID_OF_COMPANY_9999},9007199254740991`)).toEqual([1, ID_9_000_000_000_123, FIRST_ID_OF_COMPANY_9999, 9_007_199_254_740_991]);
    // Past 2^53 JSON cannot carry an id exactly: refused rather than rounded onto another connection.
    for (const id of ["9007199254740993", "0", "1.5"]) expect(() => read(id)).toThrowError(/SIMULATOR_FIXTURE\.connections\.0\.id/);
  });

  it("refuses a simulator fixture that is not JSON or not a fixture", () => {
    expect(() => loadConfig({ SESSION_HOST_BRIDGE: "off", SIMULATOR_FIXTURE: "{nope" })).toThrowError(/SIMULATOR_FIXTURE: SIMULATOR_FIXTURE must be JSON/);
    try {
      loadConfig({ SESSION_HOST_BRIDGE: "off", SIMULATOR_FIXTURE: JSON.stringify({ connections: [{ id: -1 }], contacts: [{ number: "abc" }] }) });
      expect.unreachable();
    } catch (err) {
      expect(Object.keys((err as ConfigError).fields).sort()).toEqual(["SIMULATOR_FIXTURE.connections.0.id", "SIMULATOR_FIXTURE.contacts.0.number"]);
    }
  });
});
