import { describe, expect, it } from "vitest";
import { dueSoon } from "./useDeliveryList";

const now = Date.parse("2026-11-29T12:00:00Z");
const at = (ms: number) => new Date(now + ms).toISOString();

describe("when the delivery log looks again", () => {
  it("while a delivery just made is pending, even when its attempt's lease put the next attempt minutes ahead", () => {
    expect(dueSoon({ status: "pending", createdAt: at(-2_000), nextAttemptAt: at(118_000) }, now)).toBe(true);
  });

  it("for a retry due within the minute, not for one hours away nor one long overdue", () => {
    expect(dueSoon({ status: "retrying", createdAt: at(-60_000), nextAttemptAt: at(30_000) }, now)).toBe(true);
    expect(dueSoon({ status: "retrying", createdAt: at(-60_000), nextAttemptAt: at(2 * 3600_000) }, now)).toBe(false);
    expect(dueSoon({ status: "retrying", createdAt: at(-3600_000), nextAttemptAt: at(-10 * 60_000) }, now)).toBe(false);
  });

  it("never for a delivered or failed one, nor a pending one the sweep must find", () => {
    expect(dueSoon({ status: "delivered", createdAt: at(-1_000), nextAttemptAt: null }, now)).toBe(false);
    expect(dueSoon({ status: "failed", createdAt: at(-1_000), nextAttemptAt: null }, now)).toBe(false);
    expect(dueSoon({ status: "pending", createdAt: at(-10 * 60_000), nextAttemptAt: at(-9 * 60_000) }, now)).toBe(false);
  });
});
