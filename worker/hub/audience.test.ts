import { describe, expect, it } from "vitest";
import { audienceIncludes, eventReaches, type SocketState } from "./audience";

const socket = (over: Partial<SocketState> = {}): SocketState => ({
  userId: 1,
  sessionId: "s1",
  profile: "user",
  super: false,
  allTicket: "disabled",
  queueIds: [],
  rooms: ["notification"],
  ...over,
});

describe("audienceIncludes", () => {
  it("matches the sessions of one user except the one kept", () => {
    const audience = { kind: "userSessionsExcept", userId: 1, keepSessionId: "s2" } as const;
    expect(audienceIncludes(audience, socket())).toBe(true);
    expect(audienceIncludes(audience, socket({ sessionId: "s2" }))).toBe(false);
    expect(audienceIncludes(audience, socket({ userId: 2 }))).toBe(false);
  });

  it("matches listed users only", () => {
    expect(audienceIncludes({ kind: "users", userIds: [3, 4] }, socket({ userId: 4 }))).toBe(true);
    expect(audienceIncludes({ kind: "users", userIds: [3, 4] }, socket())).toBe(false);
  });

  it("treats supervisors and agents as non-admins", () => {
    expect(audienceIncludes({ kind: "admins" }, socket({ profile: "supervisor" }))).toBe(false);
    expect(audienceIncludes({ kind: "admins" }, socket({ profile: "admin" }))).toBe(true);
  });
});

describe("eventReaches", () => {
  const ticketGone = { type: "ticket", action: "delete", ticketId: 5 } as const;
  const paid = { type: "payment", action: "CONCLUIDA", invoiceId: 1, company: { dueDate: "2030-01-01" } } as const;
  const ended = { type: "auth", action: "replaced" } as const;

  it("gives a locked-out company's sockets only session and billing events, and a platform admin's everything", () => {
    const admin = socket({ profile: "admin" });
    expect(eventReaches({ kind: "company" }, ticketGone, admin, true)).toBe(false);
    expect(eventReaches({ kind: "admins" }, paid, admin, true)).toBe(true);
    expect(eventReaches({ kind: "company" }, ended, admin, true)).toBe(true);
    expect(eventReaches({ kind: "company" }, ticketGone, socket({ profile: "admin", super: true }), true)).toBe(true);
  });

  it("is the audience rule alone while the company is let in", () => {
    expect(eventReaches({ kind: "company" }, ticketGone, socket(), false)).toBe(true);
    expect(eventReaches({ kind: "admins" }, paid, socket(), false)).toBe(false);
  });
});
