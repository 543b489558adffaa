import { DisconnectReason, proto } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProviderEvent } from "../provider";
import { createBaileysProvider } from "./index";
import { fakeSocketFactory } from "./testing/fakeSocket";
import { MemorySessionStore } from "./testing/memorySessionStore";

const OUR_NUMBER = "5511900000001";
const CONTACT = "5511987654321";
const NOW = 1_700_000_000_000;

/** Lets queued promises and immediate timers run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: { store?: MemorySessionStore; maxQrRotations?: number } = {}) {
  const store = options.store ?? new MemorySessionStore();
  const factory = fakeSocketFactory();
  const provider = createBaileysProvider({
    store,
    makeSocket: factory.makeSocket,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: () => NOW,
    // Half of the ceiling, so the delays are known: 500 ms, 1 s, 2 s, …
    backoff: { random: () => 0.5 },
    maxQrRotations: options.maxQrRotations ?? 3,
    downloadMedia: async () => Buffer.from("media"),
  });
  const events: ProviderEvent[] = [];
  provider.onEvent((e) => events.push(e));
  const statuses = () => events.flatMap((e) => (e.type === "status" ? [e.status] : []));
  return { store, provider, events, statuses, ...factory };
}

/** Paired and open, as after a QR scan: Baileys' creds carry our identity and the signed account. */
async function connected(ctx: ReturnType<typeof setup>, id = 1) {
  await ctx.provider.start(id);
  ctx.last().emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net` }, account: { details: Buffer.from("adv") } });
  ctx.last().open(OUR_NUMBER);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("baileys provider: pairing", () => {
  it("reports OPENING, then qrcode with each QR, then CONNECTED with our number", async () => {
    const ctx = setup();
    await ctx.provider.start(1);
    ctx.last().showQr("QR-1");
    ctx.last().showQr("QR-2");
    expect(ctx.provider.connections()).toEqual([{ id: 1, status: "qrcode", number: "" }]);
    ctx.last().open(OUR_NUMBER);
    await settle();

    expect(ctx.events.map((e) => (e.type === "qr" ? `qr:${e.qr}` : e.type === "status" ? e.status : e.type))).toEqual([
      "OPENING",
      "qrcode",
      "qr:QR-1",
      "qr:QR-2",
      "CONNECTED",
    ]);
    expect(ctx.events.at(-1)).toMatchObject({ type: "status", connectionId: 1, status: "CONNECTED", number: OUR_NUMBER });
    expect(ctx.provider.connections()).toEqual([{ id: 1, status: "CONNECTED", number: OUR_NUMBER }]);
  });

  it("gives up with TIMEOUT after a few QR rotations and closes the socket", async () => {
    const ctx = setup({ maxQrRotations: 2 });
    await ctx.provider.start(1);
    for (const qr of ["Q1", "Q2", "Q3"]) ctx.last().showQr(qr);
    await settle();
    expect(ctx.statuses()).toEqual(["OPENING", "qrcode", "TIMEOUT"]);
    expect(ctx.events.filter((e) => e.type === "qr")).toHaveLength(2);
    expect(ctx.last().ended).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.sockets).toHaveLength(1);
  });

  it("keeps one socket per connection: start while running does nothing", async () => {
    const ctx = setup();
    await Promise.all([ctx.provider.start(1), ctx.provider.start(1)]);
    await ctx.provider.start(1);
    expect(ctx.sockets).toHaveLength(1);
    ctx.last().open(OUR_NUMBER);
    await ctx.provider.start(1);
    expect(ctx.sockets).toHaveLength(1);
  });

  it("asks for a pairing code once the socket is ready, and reports PAIRING", async () => {
    const ctx = setup();
    const pending = ctx.provider.requestPairingCode(1, "5511911112222");
    await settle();
    ctx.last().showQr("QR-1");
    await expect(pending).resolves.toBe("ABCD1234");
    expect(ctx.last().pairingCodesAsked).toEqual(["5511911112222"]);
    ctx.last().showQr("QR-2");
    expect(ctx.statuses()).toEqual(["OPENING", "qrcode", "PAIRING"]);
    await expect(ctx.provider.requestPairingCode(1, "55 11")).rejects.toMatchObject({ code: "ERR_VALIDATION", status: 400 });
  });
});

describe("baileys provider: disconnect reasons", () => {
  it("reconnects at once on 515 restart required (after pairing)", async () => {
    const ctx = setup();
    await ctx.provider.start(1);
    ctx.last().showQr("QR");
    ctx.last().drop(DisconnectReason.restartRequired);
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(ctx.sockets).toHaveLength(2);
    ctx.last().open(OUR_NUMBER);
    await settle();
    expect(ctx.statuses()).toEqual(["OPENING", "qrcode", "OPENING", "CONNECTED"]);
  });

  it("backs off exponentially on transient drops (408, 428) and resets after a successful open", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().drop(DisconnectReason.connectionClosed);
    await settle();
    expect(ctx.statuses().at(-1)).toBe("OPENING");
    await vi.advanceTimersByTimeAsync(499);
    expect(ctx.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx.sockets).toHaveLength(2);

    ctx.last().drop(DisconnectReason.connectionLost);
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(ctx.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ctx.sockets).toHaveLength(3);

    ctx.last().open(OUR_NUMBER);
    ctx.last().drop(DisconnectReason.connectionClosed);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(ctx.sockets).toHaveLength(4);
    expect(ctx.store.wipes).toEqual([]);
  });

  it("wipes the credentials and waits for the user on 401 logged out", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().drop(DisconnectReason.loggedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.store.wipes).toEqual([1]);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.provider.connections()).toEqual([{ id: 1, status: "DISCONNECTED", number: "" }]);
    // The user asks again: a fresh socket and a new QR.
    await ctx.provider.start(1);
    expect(ctx.sockets).toHaveLength(2);
  });

  it("does not reconnect on 440 connection replaced, nor on 403 forbidden, and keeps the credentials", async () => {
    for (const code of [DisconnectReason.connectionReplaced, DisconnectReason.forbidden]) {
      const ctx = setup();
      await connected(ctx);
      ctx.last().drop(code);
      await settle();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(ctx.sockets).toHaveLength(1);
      expect(ctx.store.wipes).toEqual([]);
      expect(ctx.statuses().at(-1)).toBe("DISCONNECTED");
    }
  });

  it("wipes and starts fresh for a new QR on 500 bad session", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().drop(DisconnectReason.badSession);
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    expect(ctx.store.wipes).toEqual([1]);
    expect(ctx.sockets).toHaveLength(2);
    expect(ctx.last().config.auth.creds.me).toBeUndefined();
    ctx.last().showQr("NEW-QR");
    expect(ctx.statuses()).toEqual(["OPENING", "CONNECTED", "DISCONNECTED", "OPENING", "qrcode"]);
  });

  it("stops with TIMEOUT on 408 while waiting for a scan, but reconnects on 408 once paired", async () => {
    const waiting = setup();
    await waiting.provider.start(1);
    waiting.last().showQr("QR");
    waiting.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(waiting.sockets).toHaveLength(1);
    expect(waiting.statuses().at(-1)).toBe("TIMEOUT");

    const paired = setup();
    await paired.provider.start(1);
    paired.last().emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net` }, account: { details: Buffer.from("adv") } });
    paired.last().open(OUR_NUMBER);
    paired.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(paired.sockets).toHaveLength(2);
  });

  it("backs off on 408 before any QR was shown (WhatsApp unreachable is not an unscanned QR)", async () => {
    const ctx = setup();
    await ctx.provider.start(1);
    ctx.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(ctx.sockets).toHaveLength(2);
    expect(ctx.statuses()).toEqual(["OPENING"]);
  });

  it("stop closes the socket, keeps the credentials and does not reconnect", async () => {
    const ctx = setup();
    await connected(ctx);
    await ctx.provider.stop(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.last().ended).toBe(1);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.store.wipes).toEqual([]);
    expect(ctx.statuses().at(-1)).toBe("DISCONNECTED");
  });

  it("logout unlinks on WhatsApp, wipes and reports DISCONNECTED without reconnecting", async () => {
    const ctx = setup();
    await connected(ctx);
    await ctx.provider.logout(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.last().loggedOut).toBe(1);
    expect(ctx.store.wipes).toEqual([1]);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.provider.connections()).toEqual([{ id: 1, status: "DISCONNECTED", number: "" }]);
  });
});

describe("baileys provider: sessions in the store", () => {
  it("persists creds and keys, and a second host resumes from them without a QR", async () => {
    const store = new MemorySessionStore();
    const first = setup({ store });
    await first.provider.start(1);
    const sock = first.last();
    sock.showQr("QR");
    // What Baileys does on a successful scan: new creds, Signal keys, then a restart.
    sock.emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net`, name: "Loja" }, account: { details: Buffer.from("adv") } });
    await sock.config.auth.keys.set({ session: { [`${CONTACT}.0`]: Buffer.from("signal-session") } });
    await settle();
    expect(store.sessions.get(1)?.keys.session?.[`${CONTACT}.0`]).toBeDefined();
    sock.open(OUR_NUMBER);
    await first.provider.close();

    const second = setup({ store });
    await second.provider.start(1);
    const resumed = second.last();
    expect(resumed.config.auth.creds.me?.id).toBe(`${OUR_NUMBER}:7@s.whatsapp.net`);
    expect(resumed.config.auth.creds.noiseKey).toEqual(sock.config.auth.creds.noiseKey);
    const keys = await resumed.config.auth.keys.get("session", [`${CONTACT}.0`]);
    expect(Buffer.from(keys[`${CONTACT}.0`] ?? []).toString()).toBe("signal-session");
    resumed.open(OUR_NUMBER);
    await settle();
    expect(second.events.some((e) => e.type === "qr")).toBe(false);
    expect(second.statuses()).toEqual(["OPENING", "CONNECTED"]);
  });
});

describe("baileys provider: inbound", () => {
  it("emits messages appended on reconnect (type append) as history, without dropping them", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().upsert(
      [
        { key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "OFF1" }, messageTimestamp: 1_700_000_000, pushName: "Maria", message: { conversation: "oi" } },
        { key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "OFF2" }, messageTimestamp: 1_700_000_001, message: { imageMessage: { mimetype: "image/jpeg" } } },
      ],
      "append",
    );
    await settle();
    const messages = ctx.events.flatMap((e) => (e.type === "message" ? [e.message] : []));
    expect(messages.map((m) => [m.id, m.isHistory, m.mediaType])).toEqual([
      ["OFF1", true, "chat"],
      ["OFF2", true, "image"],
    ]);
    expect(messages[1]?.media).toMatchObject({ mimetype: "image/jpeg", base64: Buffer.from("media").toString("base64") });
  });

  it("resolves a LID sender through Baileys' LID mapping store when the key has no alternate", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().signalRepository.lidMapping.getPNForLID = async (lid) => (lid === "12345678901234@lid" ? `${CONTACT}:0@s.whatsapp.net` : null);
    ctx.last().upsert([{ key: { remoteJid: "12345678901234@lid", fromMe: false, id: "LID1" }, message: { conversation: "oi" } }], "notify");
    await settle();
    expect(ctx.events.find((e) => e.type === "message")).toMatchObject({ message: { chatId: CONTACT, from: CONTACT, lid: "12345678901234" } });
  });

  it("names a group from its metadata, fetched once", async () => {
    const ctx = setup();
    await connected(ctx);
    const group = "120363041234567890@g.us";
    const msg = (id: string) => ({ key: { remoteJid: group, fromMe: false, id, participant: `${CONTACT}@s.whatsapp.net` }, message: { conversation: id } });
    ctx.last().upsert([msg("G1"), msg("G2")], "notify");
    await settle();
    expect(ctx.last().groupRequests).toEqual([group]);
    const messages = ctx.events.flatMap((e) => (e.type === "message" ? [e.message] : []));
    expect(messages.map((m) => m.groupName)).toEqual(["Grupo de Teste", "Grupo de Teste"]);
    expect(ctx.events.find((e) => e.type === "contact")).toMatchObject({ number: "120363041234567890", name: "Grupo de Teste" });
  });

  it("turns receipts into acks and fetches a contact's picture only when it changed", async () => {
    const ctx = setup();
    await connected(ctx);
    const sock = ctx.last();
    sock.emit("messages.update", [{ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "OUT1" }, update: { status: proto.WebMessageInfo.Status.READ } }]);
    sock.emit("contacts.update", [{ id: `${CONTACT}@s.whatsapp.net`, notify: "Maria" }]);
    sock.emit("contacts.update", [{ id: `${CONTACT}@s.whatsapp.net`, notify: "Maria" }]);
    sock.emit("contacts.update", [{ id: `${CONTACT}@s.whatsapp.net`, imgUrl: "changed" }]);
    await settle();
    expect(ctx.events.filter((e) => e.type === "ack")).toMatchObject([{ messageId: "OUT1", ack: 4 }]);
    expect(sock.pictureRequests).toEqual([`${CONTACT}@s.whatsapp.net`]);
    expect(ctx.events.filter((e) => e.type === "contact")).toEqual([
      { type: "contact", connectionId: 1, number: CONTACT, name: "Maria", at: NOW },
      { type: "contact", connectionId: 1, number: CONTACT, name: "Maria", profilePicUrl: `https://pps.whatsapp.net/v/${CONTACT}.jpg`, at: NOW },
    ]);
  });

  it("ignores events of a socket it has replaced", async () => {
    const ctx = setup();
    await connected(ctx);
    const old = ctx.last();
    old.drop(DisconnectReason.restartRequired);
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    old.upsert([{ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "GHOST" }, message: { conversation: "?" } }], "notify");
    old.showQr("OLD-QR");
    await settle();
    expect(ctx.events.some((e) => e.type === "message" || e.type === "qr")).toBe(false);
  });
});

describe("baileys provider: outbound", () => {
  const command = { connectionId: 1, to: CONTACT, id: "3EB0AABBCCDDEEFF001122", body: "Olá!" };

  it("sends a command once even when it is retried, under the command's id", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().onWhatsAppNumbers.add(CONTACT);
    const [a, b] = await Promise.all([ctx.provider.send(command), ctx.provider.send(command)]);
    const c = await ctx.provider.send(command);
    expect([a, b, c]).toEqual([{ id: command.id }, { id: command.id }, { id: command.id }]);
    expect(ctx.last().sent).toHaveLength(1);
    expect(ctx.last().sent[0]).toMatchObject({ jid: `${CONTACT}@s.whatsapp.net`, content: { text: "Olá!" }, options: { messageId: command.id } });
    expect(ctx.events.filter((e) => e.type === "ack")).toEqual([{ type: "ack", connectionId: 1, messageId: command.id, ack: 1, at: NOW }]);
  });

  it("does not echo its own sends back as messages", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().onWhatsAppNumbers.add(CONTACT);
    await ctx.provider.send(command);
    ctx.last().upsert([{ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: command.id }, message: { conversation: "Olá!" } }], "append");
    await settle();
    expect(ctx.events.some((e) => e.type === "message")).toBe(false);
  });

  it("refuses with 409 when not connected, 400 for a number not on WhatsApp, 502 when WhatsApp fails", async () => {
    const ctx = setup();
    await expect(ctx.provider.send(command)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", status: 409 });
    await ctx.provider.start(1);
    await expect(ctx.provider.send(command)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", status: 409 });
    ctx.last().open(OUR_NUMBER);
    await expect(ctx.provider.send({ ...command, to: "5511966665555" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT", status: 400 });
    ctx.last().onWhatsAppNumbers.add(CONTACT);
    ctx.last().failSends = new Error("boom");
    await expect(ctx.provider.send({ ...command, id: "3EB0FFFFFFFFFFFFFFFFFF" })).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG", status: 502 });
    ctx.last().failSends = undefined;
    // A failed send is not remembered as sent: the retry goes out.
    await expect(ctx.provider.send({ ...command, id: "3EB0FFFFFFFFFFFFFFFFFF" })).resolves.toEqual({ id: "3EB0FFFFFFFFFFFFFFFFFF" });
  });

  it("checks Brazilian numbers with and without the ninth digit", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().onWhatsAppNumbers.add("551187654321");
    await expect(ctx.provider.checkNumber(1, "5511987654321")).resolves.toEqual({ exists: true, number: "551187654321" });
    await expect(ctx.provider.checkNumber(1, "5511977776666")).resolves.toEqual({ exists: false, number: "5511977776666" });
  });
});
