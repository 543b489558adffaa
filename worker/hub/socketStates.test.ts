import { describe, expect, it } from "vitest";
import type { SocketState } from "./audience";
import { SocketStates, type AttachedSocket } from "./socketStates";

/** A socket's attachment as the runtime keeps it: a structured copy, limited to 16 KiB. */
class FakeSocket implements AttachedSocket {
  attachment: string | null = null;
  reads = 0;
  serializeAttachment(value: unknown) {
    const text = JSON.stringify(value);
    if (text.length > 16 * 1024) throw new Error("attachment too large");
    this.attachment = text;
  }
  deserializeAttachment() {
    this.reads++;
    return this.attachment === null ? null : JSON.parse(this.attachment);
  }
}

const state = (over: Partial<SocketState> = {}): SocketState => ({
  userId: 1,
  sessionId: "s1",
  profile: "user",
  super: false,
  allTicket: "disabled",
  queueIds: [],
  rooms: ["notification"],
  ...over,
});

describe("SocketStates", () => {
  it("keeps a socket's state in memory once read, without reading its attachment again", () => {
    const ws = new FakeSocket();
    ws.serializeAttachment(state());
    const states = new SocketStates<FakeSocket>();
    expect(states.get(ws)).toEqual(state());
    expect(states.get(ws)).toEqual(state());
    expect(ws.reads).toBe(1);
  });

  it("writes each change to the attachment as well as to memory", () => {
    const ws = new FakeSocket();
    const states = new SocketStates<FakeSocket>();
    states.set(ws, state());
    states.set(ws, state({ rooms: ["notification", "tickets:open"] }));
    expect(states.get(ws)?.rooms).toEqual(["notification", "tickets:open"]);
    expect(ws.reads).toBe(0);
    expect(JSON.parse(ws.attachment!).rooms).toEqual(["notification", "tickets:open"]);
  });

  it("after hibernation (a new hub instance, nothing in memory) reads each socket's latest state back from its attachment", () => {
    const ws = new FakeSocket();
    const before = new SocketStates<FakeSocket>();
    before.set(ws, state());
    before.set(ws, state({ profile: "admin", queueIds: [7], rooms: ["notification", "ticket:9"] }));
    const after = new SocketStates<FakeSocket>();
    expect(after.get(ws)).toEqual(state({ profile: "admin", queueIds: [7], rooms: ["notification", "ticket:9"] }));
  });

  it("leaves the state as it was when the attachment refuses the new one", () => {
    const ws = new FakeSocket();
    const states = new SocketStates<FakeSocket>();
    states.set(ws, state());
    const huge = state({ rooms: Array.from({ length: 5000 }, (_, i) => `ticket:${i}`) });
    expect(() => states.set(ws, huge)).toThrow();
    expect(states.get(ws)).toEqual(state());
    expect(new SocketStates<FakeSocket>().get(ws)).toEqual(state());
  });

  it("answers null for a socket that has no state", () => {
    expect(new SocketStates<FakeSocket>().get(new FakeSocket())).toBeNull();
  });
});
