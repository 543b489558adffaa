import { proto, type WAMessage, type WAMessageKey } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { type BridgeEvent, bridgeEvent } from "../../../../worker/contracts/bridge";
import { connectionId } from "../../testing/ids";
import { type AdapterContext, adaptUpsert } from "./adapter";

/** A connection of a company that signed up (ids in the high range), as customers have it. */
const CONN = connectionId(1);
const NOW = 1_700_000_999_000;
const SENT_AT = 1_700_000_000; // seconds, as WhatsApp stamps messages
const ME = "5511900000001";
const ME_LID = "99000000000001";
const CONTACT = "5511987654321";
const CONTACT_LID = "12345678901234";
const GROUP = "120363041234567890";
const MEMBER = "5521988887777";
const MEMBER_LID = "55500011122233";

/** A real protobuf WebMessageInfo, plus Baileys 7's non-protobuf key fields (remoteJidAlt, participantAlt). */
function wa(info: proto.IWebMessageInfo, keyExtras: Partial<WAMessageKey> = {}): WAMessage {
  const message = proto.WebMessageInfo.fromObject({ messageTimestamp: SENT_AT, ...info });
  // WebMessageInfo types its key as possibly null; every message Baileys hands out has one.
  const key: WAMessageKey = Object.assign(message.key ?? {}, keyExtras);
  return Object.assign(message, { key });
}

function fromContact(message: proto.IMessage, id = "MSG1", extra: proto.IWebMessageInfo = {}): WAMessage {
  return wa({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id }, pushName: "Maria", message, ...extra });
}

function context(over: Partial<AdapterContext> = {}): AdapterContext {
  const mappings: Record<string, string> = { [MEMBER_LID]: MEMBER };
  return {
    connectionId: CONN,
    now: () => NOW,
    me: { number: ME, lid: ME_LID },
    phoneForLid: (lid) => mappings[lid],
    groupName: (jid) => (jid === `${GROUP}@g.us` ? "Suporte VIP" : undefined),
    download: async (_msg, media) => Buffer.from(`bytes of ${media.mimetype}`),
    ...over,
  };
}

/** Adapts and checks every event against the bridge contract, as the worker will. */
async function adapt(msg: WAMessage, type: "notify" | "append" = "notify", ctx = context()): Promise<BridgeEvent[]> {
  const events = await adaptUpsert(msg, type, ctx);
  for (const e of events) expect(() => bridgeEvent.parse(e)).not.toThrow();
  return events;
}

async function one(msg: WAMessage, type: "notify" | "append" = "notify", ctx = context()) {
  const events = await adapt(msg, type, ctx);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.type !== "message") throw new Error(`expected a message event, got ${event?.type}`);
  return event.message;
}

describe("adapter: text", () => {
  it("turns a conversation into a chat message from the contact", async () => {
    const events = await adapt(fromContact({ conversation: "Olá, preciso de ajuda" }));
    expect(events).toEqual([
      {
        type: "message",
        connectionId: CONN,
        at: NOW,
        message: {
          id: "MSG1",
          chatId: CONTACT,
          isGroup: false,
          from: CONTACT,
          fromMe: false,
          name: "Maria",
          body: "Olá, preciso de ajuda",
          mediaType: "chat",
          isForwarded: false,
          isHistory: false,
          timestamp: SENT_AT * 1000,
        },
      },
    ]);
  });

  it("reads a quoted reply's id and the forwarded flag from extendedTextMessage", async () => {
    const m = await one(
      fromContact({
        extendedTextMessage: {
          text: "sobre isso aqui",
          contextInfo: { stanzaId: "QUOTED1", participant: `${ME}@s.whatsapp.net`, quotedMessage: { conversation: "oferta" }, isForwarded: true, forwardingScore: 2 },
        },
      }),
    );
    expect(m).toMatchObject({ body: "sobre isso aqui", mediaType: "chat", quotedId: "QUOTED1", isForwarded: true });
  });

  it("marks our own messages fromMe, with the contact as chat and sender, and no push name", async () => {
    const m = await one(wa({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "OWN1" }, pushName: "Loja", message: { conversation: "Bom dia" } }));
    expect(m).toMatchObject({ chatId: CONTACT, from: CONTACT, fromMe: true, body: "Bom dia" });
    expect(m.name).toBeUndefined();
  });

  it("keeps messages appended on reconnect, flagged as history", async () => {
    const m = await one(fromContact({ conversation: "enviada enquanto offline" }), "append");
    expect(m).toMatchObject({ body: "enviada enquanto offline", isHistory: true });
  });
});

describe("adapter: media", () => {
  it("downloads an image and uses its caption as body", async () => {
    const m = await one(fromContact({ imageMessage: { mimetype: "image/jpeg", caption: "a nota", fileLength: 2048 } }, "IMG1"));
    expect(m).toMatchObject({
      mediaType: "image",
      body: "a nota",
      media: { mimetype: "image/jpeg", filename: "image-IMG1.jpg", base64: Buffer.from("bytes of image/jpeg").toString("base64") },
    });
  });

  it("distinguishes voice notes (ptt) from audio files", async () => {
    expect(await one(fromContact({ audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true } }, "PTT1"))).toMatchObject({
      mediaType: "ptt",
      media: { mimetype: "audio/ogg; codecs=opus", filename: "ptt-PTT1.ogg" },
    });
    expect(await one(fromContact({ audioMessage: { mimetype: "audio/mpeg" } }, "AUD1"))).toMatchObject({ mediaType: "audio", media: { filename: "audio-AUD1.mp3" } });
  });

  it("handles video, video notes and stickers", async () => {
    expect(await one(fromContact({ videoMessage: { mimetype: "video/mp4", caption: "olha" } }))).toMatchObject({ mediaType: "video", body: "olha" });
    expect(await one(fromContact({ ptvMessage: { mimetype: "video/mp4" } }))).toMatchObject({ mediaType: "video" });
    expect(await one(fromContact({ stickerMessage: { mimetype: "image/webp" } }, "STK1"))).toMatchObject({ mediaType: "sticker", media: { filename: "sticker-STK1.webp" } });
  });

  it("keeps a document's file name, also inside documentWithCaptionMessage", async () => {
    expect(await one(fromContact({ documentMessage: { mimetype: "application/pdf", fileName: "boleto.pdf" } }))).toMatchObject({
      mediaType: "application",
      body: "",
      media: { mimetype: "application/pdf", filename: "boleto.pdf" },
    });
    const wrapped = fromContact({
      documentWithCaptionMessage: { message: { documentMessage: { mimetype: "application/pdf", fileName: "contrato.pdf", caption: "assinado" } } },
    });
    expect(await one(wrapped)).toMatchObject({ mediaType: "application", body: "assinado", media: { filename: "contrato.pdf" } });
  });

  it("unwraps ephemeral and view-once messages", async () => {
    expect(await one(fromContact({ ephemeralMessage: { message: { extendedTextMessage: { text: "some em 7 dias" } } } }))).toMatchObject({
      mediaType: "chat",
      body: "some em 7 dias",
    });
    const viewOnce = fromContact({ viewOnceMessageV2: { message: { imageMessage: { mimetype: "image/jpeg", caption: "só uma vez", viewOnce: true } } } });
    expect(await one(viewOnce)).toMatchObject({ mediaType: "image", body: "só uma vez", media: { mimetype: "image/jpeg" } });
    const both = fromContact({ ephemeralMessage: { message: { viewOnceMessage: { message: { videoMessage: { mimetype: "video/mp4" } } } } } });
    expect(await one(both)).toMatchObject({ mediaType: "video" });
  });

  it("names a file stored ahead of the event by its key, under the name and type the event gives it", async () => {
    const asked: Array<{ mimetype: string; filename: string; fileLength?: number }> = [];
    const stored = context({
      download: async (_msg, media) => {
        asked.push(media);
        return { key: "companies/1/messages/0b0e/video-VID1.mp4" };
      },
    });
    const m = await one(fromContact({ videoMessage: { mimetype: "video/mp4", caption: "o show", fileLength: 40_000_000 } }, "VID1"), "notify", stored);
    expect(asked).toEqual([{ mimetype: "video/mp4", filename: "video-VID1.mp4", fileLength: 40_000_000 }]);
    expect(m).toMatchObject({ mediaType: "video", body: "o show" });
    expect(m.media).toEqual({ mimetype: "video/mp4", filename: "video-VID1.mp4", key: "companies/1/messages/0b0e/video-VID1.mp4" });
  });

  it("still delivers the message when the media cannot be downloaded", async () => {
    const m = await one(fromContact({ imageMessage: { mimetype: "image/png", caption: "expirou" } }), "notify", context({ download: async () => undefined }));
    expect(m).toMatchObject({ mediaType: "image", body: "expirou" });
    expect(m.media).toBeUndefined();
  });
});

describe("adapter: location and contact cards", () => {
  it("gives a location its coordinates and description", async () => {
    const m = await one(fromContact({ locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: "Loja Centro", address: "Praça da Sé" } }));
    expect(m).toMatchObject({ mediaType: "location", body: "Loja Centro\nPraça da Sé", location: { latitude: -23.5505, longitude: -46.6333, name: "Loja Centro" } });
  });

  it("treats a live location as a location", async () => {
    const m = await one(fromContact({ liveLocationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2, caption: "a caminho" } }));
    expect(m).toMatchObject({ mediaType: "location", body: "a caminho", location: { latitude: -22.9, longitude: -43.2 } });
  });

  it("carries a contact card's vCard, and several cards as multi_vcard", async () => {
    const card = (name: string, n: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nTEL;waid=${n}:+${n}\nEND:VCARD`;
    expect(await one(fromContact({ contactMessage: { displayName: "João", vcard: card("João", "5511911112222") } }))).toMatchObject({
      mediaType: "vcard",
      body: "João",
      vcard: card("João", "5511911112222"),
    });
    const many = await one(
      fromContact({
        contactsArrayMessage: {
          displayName: "2 contatos",
          contacts: [
            { displayName: "Ana", vcard: card("Ana", "5511933334444") },
            { displayName: "Rui", vcard: card("Rui", "5511955556666") },
          ],
        },
      }),
    );
    expect(many).toMatchObject({ mediaType: "multi_vcard", body: "2 contatos", vcard: `${card("Ana", "5511933334444")}\n${card("Rui", "5511955556666")}` });
  });
});

describe("adapter: actions on other messages", () => {
  it("turns a reaction into a reaction event, and an empty one into its removal", async () => {
    const reaction = fromContact({ reactionMessage: { key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "OUT9" }, text: "👍" } }, "R1");
    expect(await adapt(reaction)).toEqual([
      { type: "reaction", connectionId: CONN, messageId: "OUT9", chatId: CONTACT, from: CONTACT, fromMe: false, emoji: "👍", at: NOW },
    ]);
    const removal = fromContact({ reactionMessage: { key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: true, id: "OUT9" }, text: "" } }, "R2");
    expect(await adapt(removal)).toMatchObject([{ type: "reaction", messageId: "OUT9", emoji: "" }]);
  });

  it("turns a REVOKE protocol message into a delete", async () => {
    const revoke = fromContact({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { remoteJid: `${CONTACT}@s.whatsapp.net`, id: "MSG1" } } }, "P1");
    expect(await adapt(revoke)).toEqual([{ type: "delete", connectionId: CONN, messageId: "MSG1", at: NOW }]);
  });

  it("turns MESSAGE_EDIT, bare or inside editedMessage, into an edit with the new text", async () => {
    const edit = {
      type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
      key: { remoteJid: `${CONTACT}@s.whatsapp.net`, id: "MSG1" },
      editedMessage: { conversation: "texto corrigido" },
    };
    expect(await adapt(fromContact({ protocolMessage: edit }, "E1"))).toEqual([{ type: "edit", connectionId: CONN, messageId: "MSG1", body: "texto corrigido", at: NOW }]);
    expect(await adapt(fromContact({ editedMessage: { message: { protocolMessage: edit } } }, "E2"))).toMatchObject([{ type: "edit", messageId: "MSG1", body: "texto corrigido" }]);
    const captionEdit = { ...edit, editedMessage: { imageMessage: { caption: "nova legenda" } } };
    expect(await adapt(fromContact({ protocolMessage: captionEdit }, "E3"))).toMatchObject([{ type: "edit", body: "nova legenda" }]);
  });
});

describe("adapter: business and other kinds", () => {
  it("reads polls, lists, buttons and templates as text, best effort", async () => {
    const poll = await one(fromContact({ pollCreationMessageV3: { name: "Melhor horário?", options: [{ optionName: "Manhã" }, { optionName: "Tarde" }], selectableOptionsCount: 1 } }));
    expect(poll).toMatchObject({ mediaType: "poll", body: "Melhor horário?\n- Manhã\n- Tarde" });

    const list = await one(fromContact({ listMessage: { title: "Menu", description: "Escolha", sections: [{ title: "A", rows: [{ title: "Boletos", rowId: "1" }] }] } }));
    expect(list).toMatchObject({ mediaType: "list", body: "Menu\nEscolha\n- Boletos" });
    expect(await one(fromContact({ listResponseMessage: { title: "Boletos", singleSelectReply: { selectedRowId: "1" } } }))).toMatchObject({ mediaType: "list", body: "Boletos" });

    const buttons = await one(fromContact({ buttonsMessage: { contentText: "Confirma?", buttons: [{ buttonId: "s", buttonText: { displayText: "Sim" } }] } }));
    expect(buttons).toMatchObject({ mediaType: "button", body: "Confirma?\n[Sim]" });
    expect(await one(fromContact({ buttonsResponseMessage: { selectedButtonId: "s", selectedDisplayText: "Sim" } }))).toMatchObject({ mediaType: "button", body: "Sim" });

    const template = await one(fromContact({ templateMessage: { hydratedTemplate: { hydratedContentText: "Seu pedido saiu", hydratedFooterText: "Loja" } } }));
    expect(template).toMatchObject({ mediaType: "template", body: "Seu pedido saiu\nLoja" });
  });

  it("turns a missed call notice into a call_log message", async () => {
    const missed = wa({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "CALL1" }, messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VOICE });
    expect(await one(missed)).toMatchObject({ id: "CALL1", mediaType: "call_log", body: "", from: CONTACT });
    expect(await one(fromContact({ callLogMesssage: { isVideo: true } }))).toMatchObject({ mediaType: "call_log" });
  });

  it("shows content it does not know as unknown rather than losing it", async () => {
    expect(await one(fromContact({ eventMessage: { name: "Reunião", description: "sala 2" } }))).toMatchObject({ mediaType: "unknown", body: "Reunião\nsala 2" });
  });
});

describe("adapter: groups and LIDs", () => {
  it("addresses a group message to the group, from the participant, with the subject", async () => {
    const m = await one(
      wa({ key: { remoteJid: `${GROUP}@g.us`, fromMe: false, id: "G1", participant: `${MEMBER}@s.whatsapp.net` }, pushName: "Carlos", message: { conversation: "oi grupo" } }),
    );
    expect(m).toMatchObject({ chatId: GROUP, isGroup: true, groupName: "Suporte VIP", from: MEMBER, name: "Carlos", body: "oi grupo" });
  });

  it("takes a LID participant's number from participantAlt", async () => {
    const msg = wa(
      { key: { remoteJid: `${GROUP}@g.us`, fromMe: false, id: "G2", participant: `${CONTACT_LID}@lid` }, message: { conversation: "via lid" } },
      { participantAlt: `${CONTACT}@s.whatsapp.net`, addressingMode: "lid" },
    );
    expect(await one(msg)).toMatchObject({ chatId: GROUP, from: CONTACT, lid: CONTACT_LID });
  });

  it("uses our own number as the sender of our group messages", async () => {
    const msg = wa({ key: { remoteJid: `${GROUP}@g.us`, fromMe: true, id: "G3", participant: `${ME_LID}@lid` }, message: { conversation: "resposta" } });
    expect(await one(msg)).toMatchObject({ chatId: GROUP, from: ME, fromMe: true, lid: ME_LID });
  });

  it("takes a LID sender's number from remoteJidAlt", async () => {
    const msg = wa(
      { key: { remoteJid: `${CONTACT_LID}@lid`, fromMe: false, id: "L1" }, message: { conversation: "oi" } },
      { remoteJidAlt: `${CONTACT}@s.whatsapp.net`, addressingMode: "lid" },
    );
    expect(await one(msg)).toMatchObject({ chatId: CONTACT, from: CONTACT, lid: CONTACT_LID });
  });

  it("falls back to the LID mapping, then to the LID itself, when no alternate is given", async () => {
    const mapped = wa({ key: { remoteJid: `${MEMBER_LID}@lid`, fromMe: false, id: "L2" }, message: { conversation: "mapeado" } });
    expect(await one(mapped)).toMatchObject({ chatId: MEMBER, from: MEMBER, lid: MEMBER_LID });
    const unknown = wa({ key: { remoteJid: `${CONTACT_LID}@lid`, fromMe: false, id: "L3" }, message: { conversation: "sem número" } });
    expect(await one(unknown)).toMatchObject({ chatId: CONTACT_LID, from: CONTACT_LID, lid: CONTACT_LID });
  });

  it("does not mistake our own number in remoteJidAlt for the contact's on our messages", async () => {
    const msg = wa(
      { key: { remoteJid: `${MEMBER_LID}@lid`, fromMe: true, id: "L4" }, message: { conversation: "enviada do celular" } },
      { remoteJidAlt: `${ME}@s.whatsapp.net` },
    );
    expect(await one(msg)).toMatchObject({ chatId: MEMBER, from: MEMBER, lid: MEMBER_LID, fromMe: true });
  });
});

describe("adapter: what is ignored", () => {
  it("ignores status updates, newsletters and our own broadcast lists", async () => {
    const status = wa({ key: { remoteJid: "status@broadcast", fromMe: false, id: "S1", participant: `${CONTACT}@s.whatsapp.net` }, message: { conversation: "meu status" } });
    expect(await adapt(status)).toEqual([]);
    expect(await adapt(wa({ key: { remoteJid: "120363000000000000@newsletter", fromMe: false, id: "N1" }, message: { conversation: "canal" } }))).toEqual([]);
    expect(await adapt(wa({ key: { remoteJid: "1700000000@broadcast", fromMe: true, id: "B1" }, message: { conversation: "lista" } }))).toEqual([]);
  });

  it("treats a contact's broadcast list message as one-to-one from them", async () => {
    const msg = wa({ key: { remoteJid: "1700000000@broadcast", fromMe: false, id: "B2", participant: `${CONTACT}@s.whatsapp.net` }, message: { conversation: "promo" } });
    expect(await one(msg)).toMatchObject({ chatId: CONTACT, from: CONTACT, isGroup: false });
  });

  it("ignores protocol-only messages, key distribution and decryption placeholders", async () => {
    const historySync = fromContact({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION } });
    expect(await adapt(historySync)).toEqual([]);
    expect(await adapt(fromContact({ senderKeyDistributionMessage: { groupId: `${GROUP}@g.us` } }))).toEqual([]);
    expect(await adapt(fromContact({ pollUpdateMessage: { pollCreationMessageKey: { id: "POLL" } } }))).toEqual([]);
    const ciphertext = wa({ key: { remoteJid: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "C1" }, messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT });
    expect(await adapt(ciphertext)).toEqual([]);
    const groupAdd = wa({ key: { remoteJid: `${GROUP}@g.us`, fromMe: false, id: "C2" }, messageStubType: proto.WebMessageInfo.StubType.GROUP_PARTICIPANT_ADD });
    expect(await adapt(groupAdd)).toEqual([]);
  });
});
