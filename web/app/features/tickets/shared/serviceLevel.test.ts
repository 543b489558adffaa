import { describe, expect, it } from "vitest";
import { slaClockOf, timeLeftParts } from "./serviceLevel";

const MIN = 60_000;
const start = Date.parse("2026-11-30T12:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();
const ticket = {
  status: "open" as const,
  slaStartedAt: iso(start),
  firstResponseDueAt: iso(start + 60 * MIN),
  firstRespondedAt: null,
  firstResponseBreachedAt: null,
  resolutionDueAt: iso(start + 240 * MIN),
  resolutionBreachedAt: null,
};

describe("a ticket row's service-level clock", () => {
  it("counts down to the first response, amber under 20 % of the target left, late once it passed", () => {
    expect(slaClockOf(ticket, start + 10 * MIN)).toMatchObject({ target: "firstResponse", leftMs: 50 * MIN, state: "running" });
    expect(slaClockOf(ticket, start + 50 * MIN)).toMatchObject({ state: "low" });
    expect(slaClockOf(ticket, start + 61 * MIN)).toMatchObject({ state: "late" });
    expect(slaClockOf({ ...ticket, firstResponseBreachedAt: iso(start + 60 * MIN) }, start + 30 * MIN)).toMatchObject({ state: "late" });
  });

  it("moves on to the resolution once an agent answered, and shows nothing closed or without a clock", () => {
    expect(slaClockOf({ ...ticket, firstRespondedAt: iso(start + 5 * MIN) }, start + 10 * MIN)).toMatchObject({ target: "resolution", leftMs: 230 * MIN });
    expect(slaClockOf({ ...ticket, status: "closed" }, start)).toBeNull();
    expect(slaClockOf({ ...ticket, slaStartedAt: null }, start)).toBeNull();
    expect(slaClockOf({ ...ticket, firstRespondedAt: iso(start), resolutionDueAt: null }, start)).toBeNull();
  });

  it("reads the time left as minutes, hours and minutes, or days", () => {
    expect(timeLeftParts(12 * MIN)).toEqual({ key: "minutes", values: { m: 12 } });
    expect(timeLeftParts(11.2 * MIN)).toEqual({ key: "minutes", values: { m: 12 } });
    expect(timeLeftParts(120 * MIN)).toEqual({ key: "hours", values: { h: 2 } });
    expect(timeLeftParts(125 * MIN)).toEqual({ key: "hoursMinutes", values: { h: 2, m: 5 } });
    expect(timeLeftParts(3 * 24 * 60 * MIN)).toEqual({ key: "days", values: { d: 3 } });
    expect(timeLeftParts(-5 * MIN)).toEqual({ key: "minutes", values: { m: 0 } });
  });
});
