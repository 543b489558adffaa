import { describe, expect, it } from "vitest";
import type { WeekdaySchedule } from "../../contracts/companies";
import { addServiceMinutes } from "./serviceTime";

const TZ = "America/Sao_Paulo"; // UTC-3 all year
/** A São Paulo wall-clock time in the week of Monday 2026-11-30 (day 30 = Monday … day 36 = Sunday 6 Dec). */
const local = (day: number, h: number, m = 0) => Date.UTC(2026, 10, day, h + 3, m);
const iso = (ms: number) => new Date(ms).toISOString();

const hours = (days: Partial<Record<WeekdaySchedule["weekdayEn"], [string, string]>>): WeekdaySchedule[] =>
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) => {
    const [startTime, endTime] = days[weekdayEn] ?? ["", ""];
    return { weekday: weekdayEn, weekdayEn, startTime, endTime };
  });
const office: [string, string] = ["09:00", "18:00"];
const weekdays = hours({ monday: office, tuesday: office, wednesday: office, thursday: office, friday: office });

describe("addServiceMinutes", () => {
  it("counts straight through inside the day's hours", () => {
    expect(iso(addServiceMinutes(weekdays, TZ, local(30, 10), 30))).toBe(iso(local(30, 10, 30)));
  });

  it("carries what is left past closing into the next day's opening", () => {
    expect(iso(addServiceMinutes(weekdays, TZ, local(30, 17, 30), 60))).toBe(iso(local(31, 9, 30)));
  });

  it("starts counting at the next opening when the clock starts out of hours", () => {
    expect(iso(addServiceMinutes(weekdays, TZ, local(30, 20), 15))).toBe(iso(local(31, 9, 15)));
    expect(iso(addServiceMinutes(weekdays, TZ, local(30, 6), 15))).toBe(iso(local(30, 9, 15)));
  });

  it("skips days without hours, across the weekend into the next week", () => {
    expect(iso(addServiceMinutes(weekdays, TZ, local(34, 17), 120))).toBe(iso(local(37, 10)));
    expect(iso(addServiceMinutes(weekdays, TZ, local(36, 10), 15))).toBe(iso(local(37, 9, 15)));
  });

  it("crosses several days when the target is longer than a day's hours", () => {
    // 9 h a day: 20 h from Monday 09:00 is Monday's 9, Tuesday's 9 and 2 h on Wednesday.
    expect(iso(addServiceMinutes(weekdays, TZ, local(30, 9), 20 * 60))).toBe(iso(local(32, 11)));
  });

  it("counts a 24-hour day (00:00–23:59) almost whole and an overnight shift across midnight", () => {
    const allDay: [string, string] = ["00:00", "23:59"];
    const always = hours({ monday: allDay, tuesday: allDay, wednesday: allDay, thursday: allDay, friday: allDay, saturday: allDay, sunday: allDay });
    expect(iso(addServiceMinutes(always, TZ, local(30, 23, 30), 60))).toBe(iso(local(31, 0, 31)));
    const nights = hours({ monday: ["22:00", "06:00"] });
    expect(iso(addServiceMinutes(nights, TZ, local(30, 21), 120))).toBe(iso(local(31, 0)));
    expect(iso(addServiceMinutes(nights, TZ, local(30, 23), 8 * 60))).toBe(iso(local(37, 23)));
  });

  it("counts every minute when no hours are configured, or the hours never open", () => {
    expect(addServiceMinutes([], TZ, local(36, 3), 90)).toBe(local(36, 4, 30));
    expect(addServiceMinutes(hours({ sunday: ["00:00", "00:00"] }), TZ, local(36, 3), 90)).toBe(local(36, 4, 30));
  });

  it("reads the hours in the company's time zone", () => {
    // 09:00 in Lisbon (UTC+0 in winter) is 06:00 in São Paulo.
    expect(iso(addServiceMinutes(weekdays, "Europe/Lisbon", local(30, 5), 30))).toBe(iso(local(30, 6, 30)));
  });
});
