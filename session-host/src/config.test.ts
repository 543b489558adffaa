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
      bridge: {
        workerUrl: "http://127.0.0.1:8787",
        secret: SECRET,
        hostId: undefined,
        leaseTtlMs: 60_000,
        publicUrl: "http://127.0.0.1:8788",
        capacity: 500,
        drainTimeoutMs: 120_000,
      },
      stateDir: DEFAULT_STATE_DIR,
      simulatorAckStepMs: 700,
      simulatorFixture: undefined,
      simulatorNetworkUrl: undefined,
      metricsToken: undefined,
      silenceMs: 1_800_000,
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

  it("reads where the worker reaches this host, its capacity, the silence before a probe and the drain budget", () => {
    const config = loadConfig({
      BRIDGE_SECRET: SECRET,
      SESSION_HOST_BIND: "0.0.0.0",
      SESSION_HOST_PUBLIC_URL: "http://session-host-1.session-host:8788/",
      SESSION_HOST_CAPACITY: "800",
      SESSION_HOST_SILENCE_MS: "1000",
      SESSION_HOST_DRAIN_TIMEOUT_MS: "30000",
    });
    expect(config.bridge).toMatchObject({ publicUrl: "http://session-host-1.session-host:8788", capacity: 800, drainTimeoutMs: 30_000 });
    expect(config.silenceMs).toBe(1_000);
    // Defaults: the address it listens on (the port it gets when it asks for any); IPv6 in brackets.
    expect(loadConfig({ BRIDGE_SECRET: SECRET, SESSION_HOST_PORT: "0" }).bridge!.publicUrl).toBeUndefined();
    expect(loadConfig({ BRIDGE_SECRET: SECRET, SESSION_HOST_BIND: "::1", SESSION_HOST_PORT: "9000" }).bridge!.publicUrl).toBe("http://[::1]:9000");
  });

  it("requires SESSION_HOST_PUBLIC_URL when the host listens on every interface, saying why", () => {
    for (const bind of ["0.0.0.0", "::"]) {
      expect(() => loadConfig({ BRIDGE_SECRET: SECRET, SESSION_HOST_BIND: bind })).toThrowError(
        new RegExp(`SESSION_HOST_PUBLIC_URL: SESSION_HOST_PUBLIC_URL is required when SESSION_HOST_BIND is ${bind.replace(/\./g, "\\.")}`),
      );
    }
    // Without a worker nobody needs to reach it.
    expect(loadConfig({ SESSION_HOST_BRIDGE: "off", SESSION_HOST_BIND: "0.0.0.0" }).bridge).toBeNull();
  });

  it("refuses a public URL that is not http(s), a capacity under 1, a silence under a second and a negative drain", () => {
    try {
      loadConfig({
        BRIDGE_SECRET: SECRET,
        SESSION_HOST_PUBLIC_URL: "ftp://host",
        SESSION_HOST_CAPACITY: "0",
        SESSION_HOST_SILENCE_MS: "999",
        SESSION_HOST_DRAIN_TIMEOUT_MS: "-1",
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const fields = (err as ConfigError).fields;
      expect(Object.keys(fields).sort()).toEqual(["SESSION_HOST_CAPACITY", "SESSION_HOST_DRAIN_TIMEOUT_MS", "SESSION_HOST_PUBLIC_URL", "SESSION_HOST_SILENCE_MS"]);
      expect(fields.SESSION_HOST_SILENCE_MS).toBe("SESSION_HOST_SILENCE_MS must be at least 1000");
      expect(fields.SESSION_HOST_PUBLIC_URL).toBe("SESSION_HOST_PUBLIC_URL must be an http(s) URL");
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
