import { describe, expect, it } from "vitest";
import type { WeekdaySchedule } from "../../contracts/companies";
import { isWithinServiceHours } from "./serviceHours";

const week = (startTime: string, endTime: string, closed: string[] = []): WeekdaySchedule[] =>
  ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTime: closed.includes(weekdayEn) ? "" : startTime,
    endTime: closed.includes(weekdayEn) ? "" : endTime,
  }));

describe("isWithinServiceHours", () => {
  const sp = "America/Sao_Paulo"; // UTC−3, no daylight saving

  it("reads the hours in the company's time zone, not UTC", () => {
    const hours = week("08:00", "18:00");
    // Monday 2026-11-23 20:59 UTC is 17:59 in São Paulo: open. 21:00 UTC is 18:00 there: closed.
    expect(isWithinServiceHours(hours, sp, new Date("2026-11-23T20:59:00Z"))).toBe(true);
    expect(isWithinServiceHours(hours, sp, new Date("2026-11-23T21:00:00Z"))).toBe(false);
    // 10:30 UTC is 07:30 in São Paulo: not yet open, though it is past 08:00 UTC.
    expect(isWithinServiceHours(hours, sp, new Date("2026-11-23T10:30:00Z"))).toBe(false);
  });

  it("uses the local weekday across midnight UTC", () => {
    const hours = week("08:00", "23:00", ["tuesday"]);
    // Tuesday 01:30 UTC is still Monday 22:30 in São Paulo: Monday's hours apply (open).
    expect(isWithinServiceHours(hours, sp, new Date("2026-11-24T01:30:00Z"))).toBe(true);
    // Tuesday 12:00 UTC is Tuesday 09:00 in São Paulo: closed all day.
    expect(isWithinServiceHours(hours, sp, new Date("2026-11-24T12:00:00Z"))).toBe(false);
  });

  it("treats an end before the start as a shift over midnight", () => {
    const hours = week("22:00", "06:00");
    expect(isWithinServiceHours(hours, "UTC", new Date("2026-11-23T23:00:00Z"))).toBe(true);
    expect(isWithinServiceHours(hours, "UTC", new Date("2026-11-24T05:59:00Z"))).toBe(true);
    expect(isWithinServiceHours(hours, "UTC", new Date("2026-11-24T06:00:00Z"))).toBe(false);
  });

  it("reads equal start and end times (the default Sunday, 00:00–00:00) as closed", () => {
    const hours = week("00:00", "00:00");
    expect(isWithinServiceHours(hours, "UTC", new Date("2026-11-22T12:00:00Z"))).toBe(false);
    expect(isWithinServiceHours(hours, "UTC", new Date("2026-11-23T00:30:00Z"))).toBe(false);
  });

  it("is always open when no schedule is configured", () => {
    expect(isWithinServiceHours([], sp, new Date())).toBe(true);
  });
});
