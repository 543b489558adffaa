import { BufferJSON, proto } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { connectionId } from "../../testing/ids";
import { loadStoredAuth } from "./authState";
import { MemorySessionStore } from "./testing/memorySessionStore";

describe("auth state over a SessionStore", () => {
  it("starts with fresh creds when the connection was never paired", async () => {
    const store = new MemorySessionStore();
    const auth = await loadStoredAuth(store, connectionId(1));
    expect(auth.state.creds.noiseKey.public).toBeInstanceOf(Uint8Array);
    expect(auth.isRegistered()).toBe(false);
  });

  it("saves creds as JSON and revives their Buffers", async () => {
    const store = new MemorySessionStore();
    const first = await loadStoredAuth(store, connectionId(1));
    first.state.creds.me = { id: "5511900000001:3@s.whatsapp.net", name: "Loja" };
    first.state.creds.account = { details: Buffer.from([1, 2, 3]) };
    await first.saveCreds();

    const stored = store.sessions.get(connectionId(1))?.creds;
    // Plain JSON, as the worker stores it: no Buffer objects inside.
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);

    const again = await loadStoredAuth(store, connectionId(1));
    expect(again.isRegistered()).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(first.state.creds.noiseKey.private))).toBe(true);
    expect(Buffer.isBuffer(again.state.creds.account?.details)).toBe(true);
  });

  it("persists every keys.set before it resolves, and deletes with null", async () => {
    const store = new MemorySessionStore();
    const auth = await loadStoredAuth(store, connectionId(4));
    let persisted = false;
    store.onSaveKeys = async () => {
      await new Promise((r) => setTimeout(r, 5));
      persisted = true;
    };
    await auth.state.keys.set({ session: { "5511987654321.0": Buffer.from("session-bytes") }, "pre-key": { "7": { public: Buffer.from("p"), private: Buffer.from("q") } } });
    expect(persisted).toBe(true);
    expect(store.sessions.get(connectionId(4))?.keys.session?.["5511987654321.0"]).toEqual(JSON.parse(JSON.stringify(Buffer.from("session-bytes"), BufferJSON.replacer)));

    const got = await auth.state.keys.get("session", ["5511987654321.0", "missing"]);
    expect(Buffer.from(got["5511987654321.0"] ?? []).toString()).toBe("session-bytes");
    expect("missing" in got).toBe(false);

    await auth.state.keys.set({ session: { "5511987654321.0": null } });
    expect(store.sessions.get(connectionId(4))?.keys.session?.["5511987654321.0"]).toBeUndefined();
    expect(await auth.state.keys.get("session", ["5511987654321.0"])).toEqual({});
  });

  it("keeps memory in step with the store: a failed write is not visible in reads", async () => {
    const store = new MemorySessionStore();
    const auth = await loadStoredAuth(store, connectionId(5));
    store.onSaveKeys = async () => {
      throw new Error("worker unreachable");
    };
    await expect(auth.state.keys.set({ "sender-key": { g: Buffer.from("k") } })).rejects.toThrow("worker unreachable");
    expect(await auth.state.keys.get("sender-key", ["g"])).toEqual({});
  });

  it("revives keys from the store on the next load, app-state keys as protobuf objects", async () => {
    const store = new MemorySessionStore();
    const auth = await loadStoredAuth(store, connectionId(6));
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from("secret"), timestamp: 5 });
    await auth.state.keys.set({ "app-state-sync-key": { AAAA: keyData }, "lid-mapping": { "5511987654321": "12345678901234" } });

    const again = await loadStoredAuth(store, connectionId(6));
    const { AAAA } = await again.state.keys.get("app-state-sync-key", ["AAAA"]);
    expect(AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(AAAA?.keyData ?? []).toString()).toBe("secret");
    expect(await again.state.keys.get("lid-mapping", ["5511987654321"])).toEqual({ "5511987654321": "12345678901234" });
  });

  it("writes bursts of creds updates in order, ending with the latest", async () => {
    const store = new MemorySessionStore();
    const auth = await loadStoredAuth(store, connectionId(7));
    const saves = [1, 2, 3].map((n) => {
      auth.state.creds.nextPreKeyId = n;
      return auth.saveCreds();
    });
    await Promise.all(saves);
    await auth.flush();
    expect((store.sessions.get(connectionId(7))?.creds as { nextPreKeyId: number }).nextPreKeyId).toBe(3);
    expect(store.credsWrites).toBeLessThanOrEqual(2);
  });

  it("treats unrecognisable stored creds as never paired", async () => {
    const store = new MemorySessionStore();
    store.sessions.set(connectionId(8), { creds: { garbage: true }, keys: {} });
    const auth = await loadStoredAuth(store, connectionId(8));
    expect(auth.isRegistered()).toBe(false);
    expect(auth.state.creds.noiseKey).toBeDefined();
  });
});
