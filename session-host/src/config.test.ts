import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("session host config", () => {
  it("defaults to the simulator on 127.0.0.1:8788", () => {
    expect(loadConfig({})).toEqual({
      port: 8788,
      bind: "127.0.0.1",
      provider: "simulator",
      workerUrl: "http://127.0.0.1:8787",
      bridgeSecret: undefined,
      simulatorAckStepMs: 700,
      simulatorFixture: undefined,
    });
  });

  it("reads the environment and treats empty values as unset", () => {
    const config = loadConfig({
      SESSION_HOST_PORT: "9001",
      SIMULATOR_FIXTURE: JSON.stringify({ connections: [{ id: 1 }], contacts: [{ number: "5511987654321", name: "Maria" }] }),
      WORKER_URL: "http://127.0.0.1:8790/",
      BRIDGE_SECRET: "x".repeat(32),
      SIMULATOR_ACK_STEP_MS: "",
    });
    expect(config).toMatchObject({
      port: 9001,
      simulatorFixture: { connections: [{ id: 1, status: "CONNECTED" }], contacts: [{ number: "5511987654321", name: "Maria" }] },
      workerUrl: "http://127.0.0.1:8790",
      bridgeSecret: "x".repeat(32),
      simulatorAckStepMs: 700,
    });
  });

  it("names every invalid variable", () => {
    try {
      loadConfig({ SESSION_HOST_PORT: "70000", SESSION_HOST_PROVIDER: "whatsmeow", WORKER_URL: "ftp://x", BRIDGE_SECRET: "short" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect(Object.keys((err as ConfigError).fields).sort()).toEqual(
        ["BRIDGE_SECRET", "SESSION_HOST_PORT", "SESSION_HOST_PROVIDER", "WORKER_URL"].sort(),
      );
      expect((err as ConfigError).message).toContain("BRIDGE_SECRET must be at least 32 characters");
    }
  });

  it("refuses a port that is not a number", () => {
    expect(() => loadConfig({ SESSION_HOST_PORT: "eighty" })).toThrowError(ConfigError);
  });

  it("refuses a simulator fixture that is not JSON or not a fixture", () => {
    expect(() => loadConfig({ SIMULATOR_FIXTURE: "{nope" })).toThrowError(/SIMULATOR_FIXTURE: SIMULATOR_FIXTURE must be JSON/);
    try {
      loadConfig({ SIMULATOR_FIXTURE: JSON.stringify({ connections: [{ id: -1 }], contacts: [{ number: "abc" }] }) });
      expect.unreachable();
    } catch (err) {
      expect(Object.keys((err as ConfigError).fields).sort()).toEqual(["SIMULATOR_FIXTURE.connections.0.id", "SIMULATOR_FIXTURE.contacts.0.number"]);
    }
  });
});
