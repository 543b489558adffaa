import { initAuthCreds } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { type BridgeEvent, sendCommand } from "../../../../worker/contracts/bridge";
import { connectionId } from "../../testing/ids";
import { Directory } from "./directory";
import { brazilianVariants } from "./jids";
import { RecentMessages } from "./recentMessages";
import { contentFor, Outbox, type SendSocket, vcardFor, whatsappIdFor } from "./send";
import { FakeSocket } from "./testing/fakeSocket";

/** A connection of a company that signed up (ids in the high range), as customers have it. */
const CONN = connectionId(1);
const CONTACT = "5511987654321";
const PDF = Buffer.from("%PDF-1.4").toString("base64");

const command = (over: Record<string, unknown>) => sendCommand.parse({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000001", ...over });

describe("send: content", () => {
  it("maps text, media by mimetype, voice notes, location and contact cards", () => {
    expect(contentFor(command({ body: "oi" }))).toEqual({ text: "oi" });

    const image = contentFor(command({ body: "legenda", media: { mimetype: "image/png", filename: "a.png", base64: PDF } }));
    expect(image).toMatchObject({ mimetype: "image/png", caption: "legenda" });
    expect("image" in image && Buffer.isBuffer(image.image)).toBe(true);

    expect(contentFor(command({ media: { mimetype: "video/mp4", filename: "v.mp4", base64: PDF } }))).toMatchObject({ mimetype: "video/mp4" });
    expect(contentFor(command({ ptt: true, media: { mimetype: "audio/ogg; codecs=opus", filename: "n.ogg", base64: PDF } }))).toMatchObject({ ptt: true });
    expect(contentFor(command({ media: { mimetype: "audio/mpeg", filename: "m.mp3", base64: PDF } }))).toMatchObject({ ptt: false });
    expect(contentFor(command({ body: "segue", media: { mimetype: "application/pdf", filename: "boleto.pdf", base64: PDF } }))).toMatchObject({
      mimetype: "application/pdf",
      fileName: "boleto.pdf",
      caption: "segue",
    });

    expect(contentFor(command({ location: { latitude: -23.5, longitude: -46.6, name: "Loja" } }))).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Loja" },
    });
    expect(contentFor(command({ vcard: { name: "Ana", number: "5511933334444" } }))).toEqual({
      contacts: { displayName: "Ana", contacts: [{ displayName: "Ana", vcard: vcardFor("Ana", "5511933334444") }] },
    });
  });

  it("writes a vCard WhatsApp links to the number", () => {
    expect(vcardFor("Ana; Souza", "5511933334444")).toBe(
      "BEGIN:VCARD\nVERSION:3.0\nFN:Ana  Souza\nTEL;type=CELL;type=VOICE;waid=5511933334444:+5511933334444\nEND:VCARD",
    );
  });

  it("keeps WhatsApp-shaped ids and maps others deterministically onto that shape", () => {
    expect(whatsappIdFor("3EB0ABCDEF0123456789AB")).toBe("3EB0ABCDEF0123456789AB");
    const mapped = whatsappIdFor("d6f0c1a2-0b1c-4f5e-9a8b-7c6d5e4f3a2b");
    expect(mapped).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(whatsappIdFor("d6f0c1a2-0b1c-4f5e-9a8b-7c6d5e4f3a2b")).toBe(mapped);
  });

  it("knows both forms of a Brazilian mobile number", () => {
    expect(brazilianVariants("5511987654321")).toEqual(["5511987654321", "551187654321"]);
    expect(brazilianVariants("551187654321")).toEqual(["551187654321", "5511987654321"]);
    // Landlines never gained the ninth digit; other countries are left alone.
    expect(brazilianVariants("551133334444")).toEqual(["551133334444"]);
    expect(brazilianVariants("14155550100")).toEqual(["14155550100"]);
  });
});

function outbox() {
  const sock = new FakeSocket({ auth: { creds: initAuthCreds(), keys: { get: async () => ({}), set: async () => undefined } } });
  sock.user = { id: "5511900000001:7@s.whatsapp.net" };
  const directory = new Directory(() => 0);
  const recent = new RecentMessages();
  const events: BridgeEvent[] = [];
  // The fake implements the members the outbox uses.
  const socket = sock as unknown as SendSocket;
  const box = new Outbox({ connectionId: CONN, socket: () => socket, recent, directory, emit: (e) => events.push(e), now: () => 0 });
  return { sock, directory, recent, events, box };
}

describe("send: outbox", () => {
  it("sends to numbers WhatsApp showed us without asking onWhatsApp, and to the canonical form otherwise", async () => {
    const { sock, directory, box } = outbox();
    directory.noteSender(CONTACT);
    await box.send({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000001", body: "a" });
    sock.onWhatsAppNumbers.add("551133335555");
    await box.send({ connectionId: CONN, to: "551133335555", id: "3EB0000000000000000002", body: "b" });
    sock.onWhatsAppNumbers.add("551187650000");
    await box.send({ connectionId: CONN, to: "5511987650000", id: "3EB0000000000000000003", body: "c" });
    expect(sock.sent.map((s) => s.jid)).toEqual([`${CONTACT}@s.whatsapp.net`, "551133335555@s.whatsapp.net", "551187650000@s.whatsapp.net"]);
  });

  it("sends to groups by id and to senders known only by LID at their LID", async () => {
    const { sock, directory, box } = outbox();
    await box.send({ connectionId: CONN, to: "120363041234567890", isGroup: true, id: "3EB0000000000000000004", body: "grupo" });
    directory.markLidOnly("12345678901234");
    await box.send({ connectionId: CONN, to: "12345678901234", id: "3EB0000000000000000005", body: "lid" });
    expect(sock.sent.map((s) => s.jid)).toEqual(["120363041234567890@g.us", "12345678901234@lid"]);
  });

  it("quotes a remembered message by its real key, and an unknown one by a minimal key", async () => {
    const { sock, directory, recent, box } = outbox();
    directory.noteSender(CONTACT);
    recent.remember({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "IN1" }, message: { conversation: "pergunta" } });
    await box.send({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000006", body: "resposta", quotedId: "IN1" });
    await box.send({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000007", body: "outra", quotedId: "OLD9" });
    expect(sock.sent[0]?.options?.quoted).toMatchObject({ key: { id: "IN1", fromMe: false }, message: { conversation: "pergunta" } });
    expect(sock.sent[1]?.options?.quoted).toMatchObject({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, id: "OLD9", fromMe: false } });
  });

  it("edits, deletes and reacts by id with the message's key", async () => {
    const { sock, directory, box } = outbox();
    directory.noteSender(CONTACT);
    await box.send({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000008", body: "erro" });
    await box.edit({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000008", body: "certo" });
    await box.delete({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000008" });
    await box.react({ connectionId: CONN, to: CONTACT, id: "INCOMING1", emoji: "❤️" });
    await box.react({ connectionId: CONN, to: CONTACT, id: "INCOMING1", emoji: "" });
    const [, edit, del, react, unreact] = sock.sent;
    expect(edit?.content).toEqual({ text: "certo", edit: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "3EB0000000000000000008" } });
    expect(del?.content).toEqual({ delete: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "3EB0000000000000000008" } });
    expect(react?.content).toEqual({ react: { text: "❤️", key: { remoteJid: `${CONTACT}@s.whatsapp.net`, id: "INCOMING1", fromMe: false } } });
    expect(unreact?.content).toMatchObject({ react: { text: "" } });
    // Their own ids are marked, so Baileys' echoes of them are not taken for new messages.
    for (const s of sock.sent) expect(box.isOwn(s.options?.messageId ?? "")).toBe(true);
  });

  it("refuses invalid commands with the fields named", async () => {
    const { box } = outbox();
    await expect(box.send({ connectionId: CONN, to: CONTACT, id: "" })).rejects.toMatchObject({ code: "ERR_VALIDATION", status: 400, message: expect.stringContaining("id") });
    await expect(box.send({ connectionId: CONN, to: CONTACT, id: "3EB0000000000000000009" })).rejects.toMatchObject({ code: "ERR_VALIDATION" });
    await expect(box.send({ connectionId: CONN, to: "abc12", id: "3EB000000000000000000A", body: "x" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT", status: 400 });
  });

  it("answers ERR_DELETE_WAPP_MSG when WhatsApp refuses a deletion", async () => {
    const { sock, box } = outbox();
    sock.failSends = new Error("not allowed");
    await expect(box.delete({ connectionId: CONN, to: CONTACT, id: "X" })).rejects.toMatchObject({ code: "ERR_DELETE_WAPP_MSG", status: 502 });
  });
});
