import { DisconnectReason, proto } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectionId } from "../../testing/ids";
import type { ProviderEvent } from "../provider";
import { type BaileysProviderOptions, createBaileysProvider } from "./index";
import { PROBE_TEXT } from "./baileysProvider";
import { ACCOUNT_RESTRICTED, decideReconnect, refusalOf } from "./reconnectPolicy";
import { fakeSocketFactory } from "./testing/fakeSocket";
import { MemorySessionStore } from "./testing/memorySessionStore";

const CONN = connectionId(1);
const OUR_NUMBER = "5511900000001";
const CONTACT = "5511987654321";
const NOW = 1_700_000_000_000;

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(provider: Partial<BaileysProviderOptions> = {}) {
  const factory = fakeSocketFactory();
  const p = createBaileysProvider({
    store: new MemorySessionStore(),
    makeSocket: factory.makeSocket,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => NOW,
    backoff: { random: () => 0.5 },
    maxQrRotations: 3,
    downloadMedia: async () => Buffer.from("media"),
    ...provider,
  });
  const events: ProviderEvent[] = [];
  p.onEvent((e) => events.push(e));
  const statuses = () => events.flatMap((e) => (e.type === "status" ? [[e.status, e.reason]] : []));
  const health = () => events.flatMap((e) => (e.type === "health" ? [[e.kind, e.count]] : []));
  return { provider: p, events, statuses, health, ...factory };
}

async function connected(ctx: ReturnType<typeof setup>) {
  await ctx.provider.start(CONN);
  ctx.last().emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net` }, account: { details: Buffer.from("adv") } });
  ctx.last().open(OUR_NUMBER);
  await settle();
}

const fromContact = (id: string, text: string): proto.IWebMessageInfo => ({
  key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id },
  messageTimestamp: 1_700_000_000,
  message: { conversation: text },
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("link refusals", () => {
  it("maps each refusal code to the reason the connections page shows", () => {
    expect(refusalOf(DisconnectReason.loggedOut)).toBe("logged_out");
    expect(refusalOf(DisconnectReason.forbidden)).toBe("banned");
    expect(refusalOf(DisconnectReason.connectionReplaced)).toBe("replaced");
    expect(refusalOf(ACCOUNT_RESTRICTED)).toBe("restricted");
    expect(refusalOf(DisconnectReason.connectionLost)).toBeUndefined();
    expect(refusalOf(undefined)).toBeUndefined();
    // A restriction is not retried: retrying counts as reaching out again.
    expect(decideReconnect({ statusCode: ACCOUNT_RESTRICTED, attempt: 0, pairing: false })).toEqual({ kind: "stop", status: "DISCONNECTED", wipe: false });
  });

  it.each([
    [DisconnectReason.loggedOut, "logged_out"],
    [DisconnectReason.forbidden, "banned"],
    [DisconnectReason.connectionReplaced, "replaced"],
    [ACCOUNT_RESTRICTED, "restricted"],
  ] as const)("stops with DISCONNECTED and says why when WhatsApp closes with %i", async (code, reason) => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().drop(code);
    await settle();
    expect(ctx.statuses().at(-1)).toEqual(["DISCONNECTED", reason]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.sockets).toHaveLength(1); // not retried
  });

  it("stops linking and says a passkey is required when WhatsApp asks for one", async () => {
    const ctx = setup();
    await ctx.provider.start(CONN);
    ctx.last().showQr("QR-1");
    ctx.last().notification("passkey_prologue_request");
    await settle();
    expect(ctx.statuses()).toEqual([
      ["OPENING", undefined],
      ["qrcode", undefined],
      ["DISCONNECTED", "passkey_required"],
    ]);
    expect(ctx.last().ended).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.sockets).toHaveLength(1);
    // Other notifications mean nothing of the kind.
    const other = setup();
    await connected(other);
    other.last().notification("server_sync");
    await settle();
    expect(other.statuses().at(-1)).toEqual(["CONNECTED", undefined]);
  });

  it("says the account is restricted while WhatsApp's reach-out timelock lasts, and no longer once lifted", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().emit("connection.update", { reachoutTimeLock: { isActive: true, enforcementType: "DEFAULT" } } as never);
    expect(ctx.statuses().at(-1)).toEqual(["CONNECTED", "restricted"]);
    ctx.last().emit("connection.update", { reachoutTimeLock: { isActive: false, enforcementType: "DEFAULT" } } as never);
    expect(ctx.statuses().at(-1)).toEqual(["CONNECTED", undefined]);
  });
});

describe("reconnects and recovered messages", () => {
  it("reports a reconnect after a drop, not after a start nor after pairing's restart", async () => {
    const ctx = setup();
    await ctx.provider.start(CONN);
    ctx.last().showQr("QR-1");
    ctx.last().drop(DisconnectReason.restartRequired); // right after a scan
    await vi.advanceTimersByTimeAsync(0);
    ctx.last().emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net` }, account: { details: Buffer.from("adv") } });
    ctx.last().open(OUR_NUMBER);
    await settle();
    expect(ctx.health()).toEqual([]);

    ctx.last().drop(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(500);
    ctx.last().drop(DisconnectReason.connectionLost); // failed again before opening
    await vi.advanceTimersByTimeAsync(1_000);
    ctx.last().open(OUR_NUMBER);
    await settle();
    expect(ctx.health()).toEqual([["reconnect", 1]]);
  });

  it("counts the messages delivered as offline after a reconnect, until the first live one, and reports them recovered", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().drop(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(500);
    ctx.last().open(OUR_NUMBER);
    ctx.last().upsert([fromContact("OFF1", "enquanto caído 1"), fromContact("OFF2", "enquanto caído 2")], "append");
    ctx.last().upsert([fromContact("OFF3", "enquanto caído 3")], "append");
    ctx.last().upsert([fromContact("LIVE1", "agora")], "notify");
    ctx.last().upsert([fromContact("OFF4", "atrasada")], "append"); // after the live one: not counted
    await settle();
    await settle();
    const order = ctx.events.flatMap((e) => (e.type === "message" ? [e.message.id] : e.type === "health" ? [`${e.kind}:${e.count}`] : []));
    expect(order).toEqual(["reconnect:1", "OFF1", "OFF2", "OFF3", "recovered:3", "LIVE1", "OFF4"]);
  });

  it("reports the count when the window ends without a live message, and nothing when none arrived", async () => {
    const ctx = setup({ recoveryWindowMs: 60_000 });
    await connected(ctx);
    ctx.last().upsert([fromContact("OFF1", "enquanto fora")], "append");
    await settle();
    expect(ctx.health()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(ctx.health()).toEqual([["recovered", 1]]);

    const quiet = setup();
    await connected(quiet);
    await vi.advanceTimersByTimeAsync(60_000);
    quiet.last().upsert([fromContact("LIVE", "oi")], "notify");
    await settle();
    expect(quiet.health()).toEqual([]);
  });
});

describe("probe", () => {
  it("sends a message to its own number and passes when WhatsApp brings it back, reporting none of it", async () => {
    const ctx = setup();
    await connected(ctx);
    const before = ctx.events.length;
    const probing = ctx.provider.probe!(CONN);
    await settle();
    const sent = ctx.last().sent.at(-1)!;
    expect(sent.jid).toBe(`${OUR_NUMBER}@s.whatsapp.net`);
    expect(sent.content).toEqual({ text: PROBE_TEXT });
    const id = sent.options!.messageId!;
    // Baileys' local echo of what it sent proves nothing.
    ctx.last().upsert([{ key: { remoteJid: `${OUR_NUMBER}@s.whatsapp.net`, fromMe: true, id }, message: { conversation: PROBE_TEXT } }], "append");
    await settle();
    let answer: boolean | undefined;
    void probing.then((a) => (answer = a));
    await settle();
    expect(answer).toBeUndefined();
    ctx.last().emit("messages.update", [{ key: { remoteJid: `${OUR_NUMBER}@s.whatsapp.net`, fromMe: true, id }, update: { status: proto.WebMessageInfo.Status.SERVER_ACK } }]);
    expect(await probing).toBe(true);
    await settle();
    expect(ctx.events.slice(before)).toEqual([]);
  });

  it("passes on its message coming back live, and fails when nothing comes back in time or the send fails", async () => {
    const ctx = setup({ probeWaitMs: 20_000 });
    await connected(ctx);
    const live = ctx.provider.probe!(CONN);
    await settle();
    const id = ctx.last().sent.at(-1)!.options!.messageId!;
    ctx.last().upsert([{ key: { remoteJid: `${OUR_NUMBER}@s.whatsapp.net`, fromMe: true, id }, message: { conversation: PROBE_TEXT } }], "notify");
    expect(await live).toBe(true);

    const silent = ctx.provider.probe!(CONN);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await silent).toBe(false);

    ctx.last().failSends = new Error("socket closed");
    expect(await ctx.provider.probe!(CONN)).toBe(false);
    expect(ctx.events.some((e) => e.type === "message")).toBe(false);
  });

  it("fails for a connection that is not connected", async () => {
    const ctx = setup();
    expect(await ctx.provider.probe!(CONN)).toBe(false);
    await ctx.provider.start(CONN);
    expect(await ctx.provider.probe!(CONN)).toBe(false);
  });
});
