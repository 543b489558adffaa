import { describe, expect, it } from "vitest";
import { audienceIncludes, type SocketState } from "./audience";

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
