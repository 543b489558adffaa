import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { DisconnectReason, proto } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BRIDGE_INLINE_MEDIA_BYTES, type BridgeInboundMessage } from "../../../../worker/contracts/bridge";
import { createWorkerClient } from "../../bridge/workerClient";
import { eventually, FakeWorker } from "../../testing/fakeWorker";
import { connectionId, TEST_COMPANY } from "../../testing/ids";
import type { ProviderEvent } from "../provider";
import { type BaileysProviderOptions, createBaileysProvider } from "./index";
import { fakeSocketFactory } from "./testing/fakeSocket";
import { MemorySessionStore } from "./testing/memorySessionStore";

/** A connection of a company that signed up (ids in the high range), as customers have it. */
const CONN = connectionId(1);
const OUR_NUMBER = "5511900000001";
const CONTACT = "5511987654321";
const NOW = 1_700_000_000_000;

/** Lets queued promises and immediate timers run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: { store?: MemorySessionStore; maxQrRotations?: number; provider?: Partial<BaileysProviderOptions> } = {}) {
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
    ...options.provider,
  });
  const events: ProviderEvent[] = [];
  provider.onEvent((e) => events.push(e));
  const statuses = () => events.flatMap((e) => (e.type === "status" ? [e.status] : []));
  return { store, provider, events, statuses, ...factory };
}

/** Paired and open, as after a QR scan: Baileys' creds carry our identity and the signed account. */
async function connected(ctx: ReturnType<typeof setup>, id = CONN) {
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
    await ctx.provider.start(CONN);
    ctx.last().showQr("QR-1");
    ctx.last().showQr("QR-2");
    expect(ctx.provider.connections()).toEqual([{ id: CONN, status: "qrcode", number: "" }]);
    ctx.last().open(OUR_NUMBER);
    await settle();

    expect(ctx.events.map((e) => (e.type === "qr" ? `qr:${e.qr}` : e.type === "status" ? e.status : e.type))).toEqual([
      "OPENING",
      "qrcode",
      "qr:QR-1",
      "qr:QR-2",
      "CONNECTED",
    ]);
    expect(ctx.events.at(-1)).toMatchObject({ type: "status", connectionId: CONN, status: "CONNECTED", number: OUR_NUMBER });
    expect(ctx.provider.connections()).toEqual([{ id: CONN, status: "CONNECTED", number: OUR_NUMBER }]);
  });

  it("gives up with TIMEOUT after a few QR rotations and closes the socket", async () => {
    const ctx = setup({ maxQrRotations: 2 });
    await ctx.provider.start(CONN);
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
    await Promise.all([ctx.provider.start(CONN), ctx.provider.start(CONN)]);
    await ctx.provider.start(CONN);
    expect(ctx.sockets).toHaveLength(1);
    ctx.last().open(OUR_NUMBER);
    await ctx.provider.start(CONN);
    expect(ctx.sockets).toHaveLength(1);
  });

  it("asks for a pairing code once the socket is ready, and reports PAIRING", async () => {
    const ctx = setup();
    const pending = ctx.provider.requestPairingCode(CONN, "5511911112222");
    await settle();
    ctx.last().showQr("QR-1");
    await expect(pending).resolves.toBe("ABCD1234");
    expect(ctx.last().pairingCodesAsked).toEqual(["5511911112222"]);
    ctx.last().showQr("QR-2");
    expect(ctx.statuses()).toEqual(["OPENING", "qrcode", "PAIRING"]);
    await expect(ctx.provider.requestPairingCode(CONN, "55 11")).rejects.toMatchObject({ code: "ERR_VALIDATION", status: 400 });
  });
});

describe("baileys provider: disconnect reasons", () => {
  it("reconnects at once on 515 restart required (after pairing)", async () => {
    const ctx = setup();
    await ctx.provider.start(CONN);
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
    expect(ctx.store.wipes).toEqual([CONN]);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.provider.connections()).toEqual([{ id: CONN, status: "DISCONNECTED", number: "" }]);
    // The user asks again: a fresh socket and a new QR.
    await ctx.provider.start(CONN);
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
    expect(ctx.store.wipes).toEqual([CONN]);
    expect(ctx.sockets).toHaveLength(2);
    expect(ctx.last().config.auth.creds.me).toBeUndefined();
    ctx.last().showQr("NEW-QR");
    expect(ctx.statuses()).toEqual(["OPENING", "CONNECTED", "DISCONNECTED", "OPENING", "qrcode"]);
  });

  it("stops with TIMEOUT on 408 while waiting for a scan, but reconnects on 408 once paired", async () => {
    const waiting = setup();
    await waiting.provider.start(CONN);
    waiting.last().showQr("QR");
    waiting.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(waiting.sockets).toHaveLength(1);
    expect(waiting.statuses().at(-1)).toBe("TIMEOUT");

    const paired = setup();
    await paired.provider.start(CONN);
    paired.last().emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net` }, account: { details: Buffer.from("adv") } });
    paired.last().open(OUR_NUMBER);
    paired.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(paired.sockets).toHaveLength(2);
  });

  it("backs off on 408 before any QR was shown (WhatsApp unreachable is not an unscanned QR)", async () => {
    const ctx = setup();
    await ctx.provider.start(CONN);
    ctx.last().drop(DisconnectReason.timedOut);
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    expect(ctx.sockets).toHaveLength(2);
    expect(ctx.statuses()).toEqual(["OPENING"]);
  });

  it("stop closes the socket, keeps the credentials and does not reconnect", async () => {
    const ctx = setup();
    await connected(ctx);
    await ctx.provider.stop(CONN);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.last().ended).toBe(1);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.store.wipes).toEqual([]);
    expect(ctx.statuses().at(-1)).toBe("DISCONNECTED");
  });

  it("logout unlinks on WhatsApp, wipes and reports DISCONNECTED without reconnecting", async () => {
    const ctx = setup();
    await connected(ctx);
    await ctx.provider.logout(CONN);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ctx.last().loggedOut).toBe(1);
    expect(ctx.store.wipes).toEqual([CONN]);
    expect(ctx.sockets).toHaveLength(1);
    expect(ctx.provider.connections()).toEqual([{ id: CONN, status: "DISCONNECTED", number: "" }]);
  });
});

describe("baileys provider: sessions in the store", () => {
  it("persists creds and keys, and a second host resumes from them without a QR", async () => {
    const store = new MemorySessionStore();
    const first = setup({ store });
    await first.provider.start(CONN);
    const sock = first.last();
    sock.showQr("QR");
    // What Baileys does on a successful scan: new creds, Signal keys, then a restart.
    sock.emit("creds.update", { me: { id: `${OUR_NUMBER}:7@s.whatsapp.net`, name: "Loja" }, account: { details: Buffer.from("adv") } });
    await sock.config.auth.keys.set({ session: { [`${CONTACT}.0`]: Buffer.from("signal-session") } });
    await settle();
    expect(store.sessions.get(CONN)?.keys.session?.[`${CONTACT}.0`]).toBeDefined();
    sock.open(OUR_NUMBER);
    await first.provider.close();

    const second = setup({ store });
    await second.provider.start(CONN);
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
      { type: "contact", connectionId: CONN, number: CONTACT, name: "Maria", at: NOW },
      { type: "contact", connectionId: CONN, number: CONTACT, name: "Maria", profilePicUrl: `https://pps.whatsapp.net/v/${CONTACT}.jpg`, at: NOW },
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

describe("baileys provider: media too big to ride inside its event", () => {
  let worker: FakeWorker;
  let tmpDir: string;
  const warnings: unknown[][] = [];
  let running: ReturnType<typeof setup> | undefined;

  beforeEach(async () => {
    // Real HTTP to a fake worker and real retry delays (short ones).
    vi.useRealTimers();
    worker = await FakeWorker.start();
    tmpDir = await mkdtemp(path.join(os.tmpdir(), "zapdesk-media-test-"));
    warnings.length = 0;
  });
  afterEach(async () => {
    await running?.provider.close();
    running = undefined;
    await worker.close();
    await rm(tmpDir, { recursive: true, force: true });
  });

  /** Deterministic bytes, as a download streams them: in 64 KB chunks. */
  const bytesOf = (size: number) => {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31) % 251;
    return bytes;
  };
  const chunked = (bytes: Buffer) => Readable.from((function* () {
    for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
  })());
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

  async function bridged(over: Partial<BaileysProviderOptions> = {}) {
    const client = createWorkerClient({ workerUrl: worker.url, secret: worker.secret, hostId: "host-a" });
    const uploads = { attempts: 0 };
    const ctx = setup({
      provider: {
        logger: { info: () => undefined, warn: (...args: unknown[]) => warnings.push(args), error: () => undefined },
        uploadMedia: (upload) => {
          uploads.attempts++;
          return client.uploadMedia(upload);
        },
        mediaTmpDir: tmpDir,
        uploadRetryDelaysMs: [10, 20, 40],
        downloadMedia: async () => {
          throw new Error("a big file must be streamed, not downloaded into memory");
        },
        ...over,
      },
    });
    running = ctx;
    await connected(ctx);
    return { ...ctx, uploads };
  }

  function receiveVideo(ctx: ReturnType<typeof setup>, id: string, fileLength?: number) {
    ctx.last().upsert(
      [{ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id }, messageTimestamp: 1_700_000_000, message: { videoMessage: { mimetype: "video/mp4", caption: "o vídeo", fileLength } } }],
      "notify",
    );
  }

  const messageOf = (ctx: ReturnType<typeof setup>, id: string) =>
    eventually(() => {
      const found = ctx.events.flatMap((e) => (e.type === "message" && e.message.id === id ? [e.message] : []));
      expect(found).toHaveLength(1);
      return found[0] as BridgeInboundMessage;
    });

  it("uploads a file over the inline limit as it streams in, and the event names its key; the worker holds the exact bytes", async () => {
    const bytes = bytesOf(BRIDGE_INLINE_MEDIA_BYTES + 1);
    const ctx = await bridged({ downloadMediaStream: async () => chunked(bytes) });
    receiveVideo(ctx, "BIG1", bytes.length);
    const message = await messageOf(ctx, "BIG1");
    expect(message).toMatchObject({ mediaType: "video", body: "o vídeo" });
    expect(message.media).toEqual({ mimetype: "video/mp4", filename: "video-BIG1.mp4", key: expect.stringMatching(new RegExp(`^companies/${TEST_COMPANY}/messages/.+/video-BIG1\\.mp4$`)) });
    const stored = worker.media.get((message.media as { key: string }).key);
    expect(stored).toMatchObject({ connectionId: CONN, mimetype: "video/mp4", filename: "video-BIG1.mp4" });
    expect(stored?.bytes.length).toBe(bytes.length);
    expect(sha256(stored!.bytes)).toBe(sha256(bytes));
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("keeps media up to the inline limit inside the event, without uploading it", async () => {
    const ctx = await bridged({ downloadMedia: async () => Buffer.from("small video") });
    receiveVideo(ctx, "SMALL1", BRIDGE_INLINE_MEDIA_BYTES);
    const message = await messageOf(ctx, "SMALL1");
    expect(message.media).toEqual({ mimetype: "video/mp4", filename: "video-SMALL1.mp4", base64: Buffer.from("small video").toString("base64") });
    expect(worker.callsTo("PUT", "/bridge/media")).toEqual([]);
  });

  it("uploads a file that turns out bigger than the inline limit once downloaded", async () => {
    const bytes = bytesOf(5_000);
    const ctx = await bridged({ inlineMediaBytes: 1_000, downloadMedia: async () => bytes });
    receiveVideo(ctx, "GREW1");
    const message = await messageOf(ctx, "GREW1");
    const stored = worker.media.get((message.media as { key: string }).key);
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("retries an upload the worker failed transiently, and the event names the stored file", async () => {
    const bytes = bytesOf(50_000);
    const ctx = await bridged({ inlineMediaBytes: 1_000, downloadMediaStream: async () => chunked(bytes) });
    worker.failMediaUploads = 2;
    receiveVideo(ctx, "RETRY1", bytes.length);
    const message = await messageOf(ctx, "RETRY1");
    expect(ctx.uploads.attempts).toBe(3);
    expect(worker.callsTo("PUT", `/bridge/media/${CONN}`)).toHaveLength(3);
    expect(worker.media.get((message.media as { key: string }).key)?.bytes.equals(bytes)).toBe(true);
  });

  it("delivers the message without its file when the worker keeps failing, after three retries, and removes the temporary file", async () => {
    const ctx = await bridged({ inlineMediaBytes: 1_000, downloadMediaStream: async () => chunked(bytesOf(50_000)) });
    worker.failMediaUploads = 100;
    receiveVideo(ctx, "FAIL1", 50_000);
    const message = await messageOf(ctx, "FAIL1");
    expect(message).toMatchObject({ mediaType: "video", body: "o vídeo" });
    expect(message.media).toBeUndefined();
    expect(ctx.uploads.attempts).toBe(4);
    expect(worker.callsTo("PUT", `/bridge/media/${CONN}`)).toHaveLength(4);
    expect(worker.media.size).toBe(0);
    expect(warnings.some(([text]) => String(text).includes("FAIL1"))).toBe(true);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("does not retry an upload the worker refuses (413), and the message goes on without its file", async () => {
    const ctx = await bridged({ inlineMediaBytes: 1_000, downloadMediaStream: async () => chunked(bytesOf(50_000)) });
    worker.maxMediaBytes = 10_000;
    receiveVideo(ctx, "REFUSED1", 50_000);
    const message = await messageOf(ctx, "REFUSED1");
    expect(message.media).toBeUndefined();
    expect(ctx.uploads.attempts).toBe(1);
    expect(worker.media.size).toBe(0);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("does not hold a shutdown through the upload's retries: the message goes on without its file", async () => {
    const ctx = await bridged({ inlineMediaBytes: 1_000, uploadRetryDelaysMs: [60_000], downloadMediaStream: async () => chunked(bytesOf(50_000)) });
    worker.failMediaUploads = 100;
    receiveVideo(ctx, "CLOSING1", 50_000);
    await eventually(() => expect(ctx.uploads.attempts).toBe(1));
    const startedAt = Date.now();
    await ctx.provider.close();
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect((await messageOf(ctx, "CLOSING1")).media).toBeUndefined();
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("stops a download that grows past the maximum, discards it and delivers the message without its file", async () => {
    let streamed = 0;
    const endless = Readable.from((function* () {
      for (;;) {
        streamed += 65_536;
        yield bytesOf(65_536);
      }
    })());
    const ctx = await bridged({ inlineMediaBytes: 1_000, maxMediaBytes: 200_000, downloadMediaStream: async () => endless });
    receiveVideo(ctx, "HUGE1", 50_000);
    const message = await messageOf(ctx, "HUGE1");
    expect(message.media).toBeUndefined();
    expect(streamed).toBeLessThan(1_000_000);
    expect(endless.destroyed).toBe(true);
    expect(worker.callsTo("PUT", "/bridge/media")).toEqual([]);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("gives up on a download that stalls, before its first byte or midway, and delivers the message without its file", async () => {
    const midway = new Readable({ read() {} });
    midway.push(bytesOf(10_000));
    const downloads = [() => new Promise<never>(() => undefined), async () => midway];
    const ctx = await bridged({ inlineMediaBytes: 1_000, mediaStallMs: 50, downloadMediaStream: () => downloads.shift()!() });
    receiveVideo(ctx, "STALL1", 50_000);
    receiveVideo(ctx, "STALL2", 50_000);
    expect((await messageOf(ctx, "STALL1")).media).toBeUndefined();
    expect((await messageOf(ctx, "STALL2")).media).toBeUndefined();
    expect(midway.destroyed).toBe(true);
    expect(ctx.uploads.attempts).toBe(0);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("does not download a file declared over the maximum, nor a big file when nothing can upload it", async () => {
    const streams: string[] = [];
    const ctx = await bridged({
      inlineMediaBytes: 1_000,
      maxMediaBytes: 10_000,
      downloadMediaStream: async (m) => {
        streams.push(m.key.id ?? "");
        return chunked(bytesOf(10));
      },
    });
    receiveVideo(ctx, "OVERMAX1", 10_001);
    expect((await messageOf(ctx, "OVERMAX1")).media).toBeUndefined();

    const offline = setup({ provider: { inlineMediaBytes: 1_000, downloadMediaStream: async () => chunked(bytesOf(10)), mediaTmpDir: tmpDir } });
    await connected(offline);
    receiveVideo(offline, "NOUPLOAD1", 5_000);
    expect((await messageOf(offline, "NOUPLOAD1")).media).toBeUndefined();
    await offline.provider.close();
    expect(streams).toEqual([]);
  });
});

describe("baileys provider: outbound", () => {
  const command = { connectionId: CONN, to: CONTACT, id: "3EB0AABBCCDDEEFF001122", body: "Olá!" };

  it("sends a command once even when it is retried, under the command's id", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().onWhatsAppNumbers.add(CONTACT);
    const [a, b] = await Promise.all([ctx.provider.send(command), ctx.provider.send(command)]);
    const c = await ctx.provider.send(command);
    expect([a, b, c]).toEqual([{ id: command.id }, { id: command.id }, { id: command.id }]);
    expect(ctx.last().sent).toHaveLength(1);
    expect(ctx.last().sent[0]).toMatchObject({ jid: `${CONTACT}@s.whatsapp.net`, content: { text: "Olá!" }, options: { messageId: command.id } });
    expect(ctx.events.filter((e) => e.type === "ack")).toEqual([{ type: "ack", connectionId: CONN, messageId: command.id, ack: 1, at: NOW }]);
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
    await ctx.provider.start(CONN);
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
    await expect(ctx.provider.checkNumber(CONN, "5511987654321")).resolves.toEqual({ exists: true, number: "551187654321" });
    await expect(ctx.provider.checkNumber(CONN, "5511977776666")).resolves.toEqual({ exists: false, number: "5511977776666" });
  });

  it("checks a batch of numbers in one WhatsApp query, answering in order and asking again only what it has not just asked", async () => {
    const ctx = setup();
    await connected(ctx);
    ctx.last().onWhatsAppNumbers.add("551187654321");
    ctx.last().onWhatsAppNumbers.add("5521912345678");
    const numbers = ["5511987654321", "5511977776666", "5521912345678"];
    await expect(ctx.provider.checkNumbers(CONN, numbers)).resolves.toEqual([
      { number: "5511987654321", exists: true, canonical: "551187654321" },
      { number: "5511977776666", exists: false, canonical: "5511977776666" },
      { number: "5521912345678", exists: true, canonical: "5521912345678" },
    ]);
    expect(ctx.last().onWhatsAppQueries).toHaveLength(1);
    await ctx.provider.checkNumbers(CONN, ["5521912345678", "5531999990000"]);
    expect(ctx.last().onWhatsAppQueries).toHaveLength(2);
    expect(ctx.last().onWhatsAppQueries[1]!.map((j) => j.split("@")[0])).toEqual(["5531999990000", "553199990000"]);
  });

  it("refuses a batch check when not connected, and with digits only", async () => {
    const ctx = setup();
    await expect(ctx.provider.checkNumbers(CONN, ["5511987654321"])).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", status: 409 });
    await connected(ctx);
    await expect(ctx.provider.checkNumbers(CONN, ["55 11 98765"])).rejects.toMatchObject({ code: "ERR_VALIDATION", status: 400 });
  });
});
