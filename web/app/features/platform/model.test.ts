import { describe, expect, it } from "vitest";
import { dueTone, hostLoad, hostState, nextDueDate } from "./model";
import { payFirstRedirect } from "../../lib/subscription";

describe("nextDueDate (+ Vencimento)", () => {
  it("moves the due date by the recurrence's months, keeping the day or the month's last", () => {
    expect(nextDueDate("2026-01-15", "MENSAL")).toBe("2026-02-15");
    expect(nextDueDate("2026-01-31", "MENSAL")).toBe("2026-02-28");
    expect(nextDueDate("2026-11-30", "TRIMESTRAL")).toBe("2027-02-28");
    expect(nextDueDate("2026-08-31", "SEMESTRAL")).toBe("2027-02-28");
    expect(nextDueDate("2024-02-29", "ANUAL")).toBe("2025-02-28");
    expect(nextDueDate("2026-03-10", "BIMESTRAL")).toBe("2026-05-10");
  });

  it("starts from today when the company has no due date", () => {
    expect(nextDueDate(null, "MENSAL", "2026-11-25")).toBe("2026-12-25");
  });
});

describe("dueTone", () => {
  it("is red due today or past, yellow in 1 to 5 days, plain later or without a date", () => {
    const today = "2026-11-25";
    expect(dueTone("2026-11-20", today)).toBe("late");
    expect(dueTone("2026-11-25", today)).toBe("late");
    expect(dueTone("2026-11-26", today)).toBe("soon");
    expect(dueTone("2026-11-30", today)).toBe("soon");
    expect(dueTone("2026-12-01", today)).toBeNull();
    expect(dueTone(null, today)).toBeNull();
  });
});

describe("payFirstRedirect", () => {
  const company = (dueDate: string | null) => ({ dueDate, timezone: "America/Sao_Paulo" });
  const now = new Date("2026-11-25T15:00:00Z");
  it("sends an expired company's admin to the invoices from any page but the paying ones", () => {
    const admin = { super: false, profile: "admin", company: company("2026-11-20") };
    expect(payFirstRedirect(admin, "/tickets", now)).toBe("/financeiro");
    expect(payFirstRedirect(admin, "/", now)).toBe("/financeiro");
    expect(payFirstRedirect(admin, "/financeiro", now)).toBeNull();
    expect(payFirstRedirect(admin, "/subscription", now)).toBeNull();
  });

  it("leaves alone a company in date, a platform admin and anyone who is not an admin", () => {
    expect(payFirstRedirect({ super: false, profile: "admin", company: company("2026-11-25") }, "/tickets", now)).toBeNull();
    expect(payFirstRedirect({ super: false, profile: "admin", company: company(null) }, "/tickets", now)).toBeNull();
    expect(payFirstRedirect({ super: true, profile: "admin", company: company("2020-01-01") }, "/tickets", now)).toBeNull();
    expect(payFirstRedirect({ super: false, profile: "user", company: company("2020-01-01") }, "/tickets", now)).toBeNull();
  });
});

describe("a session host on the hosts tab", () => {
  it("is silent when its heartbeats stopped, draining while it hands its connections over, live otherwise", () => {
    expect(hostState({ live: false, draining: true })).toBe("offline");
    expect(hostState({ live: true, draining: true })).toBe("draining");
    expect(hostState({ live: true, draining: false })).toBe("live");
  });

  it("is as full as its connections over its capacity, never past 100", () => {
    expect(hostLoad({ connections: 30, capacity: 200 })).toBe(15);
    expect(hostLoad({ connections: 250, capacity: 200 })).toBe(100);
    expect(hostLoad({ connections: 0, capacity: 0 })).toBe(0);
    expect(hostLoad({ connections: 2, capacity: 0 })).toBe(100);
  });
});
