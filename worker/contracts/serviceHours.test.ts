import { describe, expect, it } from "vitest";
import { BOTH_TIMES, INVALID_TIME } from "./fieldMessages";
import { hoursTime, weekdayHours } from "./serviceHours";

const monday = { weekday: "Segunda-feira", weekdayEn: "monday" };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("one weekday's service hours", () => {
  it("takes both times, or neither (a day without service)", () => {
    expect(weekdayHours().safeParse({ ...monday, startTime: "08:00", endTime: "18:00" }).success).toBe(true);
    expect(weekdayHours().safeParse({ ...monday, startTime: "22:00", endTime: "06:00" }).success).toBe(true);
    expect(weekdayHours().safeParse({ ...monday, startTime: "", endTime: "" }).success).toBe(true);
  });

  it("says a day with one time only under its end time, and a time that is not HH:MM under that time", () => {
    expect(issues(weekdayHours().safeParse({ ...monday, startTime: "08:00", endTime: "" }))).toEqual([["endTime", BOTH_TIMES]]);
    expect(issues(weekdayHours().safeParse({ ...monday, startTime: "25:00", endTime: "18:00" }))).toEqual([["startTime", INVALID_TIME]]);
    expect(issues(weekdayHours().safeParse({ ...monday, endTime: "18:00" }))).toEqual([["startTime", INVALID_TIME]]);
  });

  it("reads an absent time as empty where a form sends none for an empty input, with the same rule", () => {
    const formDay = weekdayHours(hoursTime.default(""));
    expect(formDay.parse({ ...monday })).toEqual({ ...monday, startTime: "", endTime: "" });
    expect(issues(formDay.safeParse({ ...monday, startTime: "09:00" }))).toEqual([["endTime", BOTH_TIMES]]);
  });
});
