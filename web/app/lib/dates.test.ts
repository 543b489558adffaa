import { describe, expect, it } from "vitest";
import { dayKeyIn, formatDateTime, formatTime, zoneLabel, zonesDiffer } from "./dates";

// 14:30 in São Paulo (UTC−3); 18:30 in UTC, 02:30 the next day in Tokyo.
const moment = "2026-11-28T17:30:00.000Z";

describe("the company's clock", () => {
  it("shows a moment in the company's zone whatever the browser's", () => {
    expect(formatDateTime(moment, "pt-BR", "America/Sao_Paulo")).toBe("28/11/2026, 14:30");
    expect(formatDateTime(moment, "pt-BR", "Asia/Tokyo")).toBe("29/11/2026, 02:30");
    expect(formatTime(moment, "pt-BR", "America/Sao_Paulo")).toBe("14:30");
  });

  it("writes the moment in the user's language", () => {
    expect(formatDateTime(moment, "en", "America/Sao_Paulo")).toMatch(/^11\/28\/26, 2:30\sPM$/);
    expect(formatDateTime(moment, "es", "America/Sao_Paulo")).toBe("28/11/26, 14:30");
  });

  it("tells the day in the company's zone", () => {
    expect(dayKeyIn("2026-11-29T01:00:00.000Z", "America/Sao_Paulo")).toBe("2026-11-28");
    expect(dayKeyIn("2026-11-29T01:00:00.000Z", "UTC")).toBe("2026-11-29");
  });

  it("names the zone with its offset from UTC", () => {
    expect(zoneLabel("America/Sao_Paulo", "pt-BR", new Date(moment))).toMatch(/Brasília \(UTC−3\)$/);
    expect(zoneLabel("Asia/Kolkata", "en", new Date(moment))).toMatch(/\(UTC\+5:30\)$/);
    expect(zoneLabel("UTC", "en", new Date(moment))).toMatch(/\(UTC\)$/);
  });

  it("says a browser's zone differs only where its clock reads differently", () => {
    expect(zonesDiffer("America/Sao_Paulo", "America/Sao_Paulo")).toBe(false);
    expect(zonesDiffer("America/Sao_Paulo", "America/Bahia", new Date(moment))).toBe(false);
    expect(zonesDiffer("America/Sao_Paulo", "Europe/Lisbon", new Date(moment))).toBe(true);
  });

  it("shows what it was given rather than a crash for a bad moment", () => {
    expect(formatDateTime("not a date", "pt-BR", "America/Sao_Paulo")).toBe("not a date");
  });
});
