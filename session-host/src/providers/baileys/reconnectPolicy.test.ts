import { DisconnectReason } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { backoffDelay, decideReconnect, statusCodeOf } from "./reconnectPolicy";

const topOfRange = { baseMs: 1_000, capMs: 60_000, random: () => 0.999999 };
const decide = (statusCode: number | undefined, attempt = 0, pairing = false) =>
  decideReconnect({ statusCode, attempt, pairing }, topOfRange);

describe("reconnect policy", () => {
  it("wipes the credentials and waits for the user on 401 logged out", () => {
    expect(decide(DisconnectReason.loggedOut)).toEqual({ kind: "stop", status: "DISCONNECTED", wipe: true });
  });

  it("stops without wiping on 403 forbidden", () => {
    expect(decide(DisconnectReason.forbidden)).toEqual({ kind: "stop", status: "DISCONNECTED", wipe: false });
  });

  it("does not reconnect blindly on 440 connection replaced", () => {
    expect(decide(DisconnectReason.connectionReplaced)).toEqual({ kind: "stop", status: "DISCONNECTED", wipe: false });
  });

  it("starts fresh (wipe and a new QR) on 500 bad session", () => {
    expect(decide(DisconnectReason.badSession)).toEqual({ kind: "fresh" });
  });

  it("reconnects at once on 515 restart required, without counting it as a failure", () => {
    expect(decide(DisconnectReason.restartRequired, 7)).toEqual({ kind: "reconnect", delayMs: 0, countsAsAttempt: false });
  });

  it("backs off on 408 lost and 428 closed", () => {
    expect(decide(DisconnectReason.connectionLost, 0)).toEqual({ kind: "reconnect", delayMs: 999, countsAsAttempt: true });
    expect(decide(DisconnectReason.connectionClosed, 3)).toEqual({ kind: "reconnect", delayMs: 7_999, countsAsAttempt: true });
  });

  it("gives up with TIMEOUT on 408 while waiting for a QR scan", () => {
    expect(decide(DisconnectReason.timedOut, 0, true)).toEqual({ kind: "stop", status: "TIMEOUT", wipe: false });
  });

  it("backs off on 411, 503, unknown codes and errors without a code", () => {
    for (const code of [DisconnectReason.multideviceMismatch, DisconnectReason.unavailableService, 999, undefined]) {
      expect(decide(code, 1)).toMatchObject({ kind: "reconnect", countsAsAttempt: true, delayMs: 1_999 });
    }
  });

  it("keeps pairing-time closes other than 408 under the normal rules", () => {
    expect(decide(DisconnectReason.restartRequired, 0, true)).toMatchObject({ kind: "reconnect", delayMs: 0 });
    expect(decide(DisconnectReason.connectionClosed, 0, true)).toMatchObject({ kind: "reconnect", countsAsAttempt: true });
  });
});

describe("backoff with full jitter", () => {
  it("doubles the ceiling per attempt up to the cap", () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 7, 10].map((a) => backoffDelay(a, topOfRange) + 1);
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("draws anywhere from zero to the ceiling", () => {
    expect(backoffDelay(5, { ...topOfRange, random: () => 0 })).toBe(0);
    expect(backoffDelay(5, { ...topOfRange, random: () => 0.5 })).toBe(16_000);
  });
});

describe("statusCodeOf", () => {
  it("reads a Boom's output.statusCode and nothing else", () => {
    expect(statusCodeOf({ output: { statusCode: 515 } })).toBe(515);
    expect(statusCodeOf(new Error("plain"))).toBeUndefined();
    expect(statusCodeOf(undefined)).toBeUndefined();
    expect(statusCodeOf({ output: { statusCode: "401" } })).toBeUndefined();
  });
});
