import { describe, expect, it } from "vitest";
import { Directory } from "./directory";

const CONTACT = "5511987654321";
const CONTACT_LID = "12345678901234";
const PIC = "https://pps.whatsapp.net/v/t61/abc.jpg";

function directory() {
  let now = 1_000_000;
  const dir = new Directory(() => now);
  return { dir, advance: (ms: number) => (now += ms) };
}

describe("directory: contacts", () => {
  it("announces a name once, not on every message that repeats it", () => {
    const { dir } = directory();
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, notify: "Maria" })).toEqual({ facts: { number: CONTACT, name: "Maria" } });
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, notify: "Maria" })).toEqual({ facts: undefined });
    // A name saved on the phone wins over the push name.
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, name: "Maria (cliente)" }).facts).toEqual({ number: CONTACT, name: "Maria (cliente)" });
  });

  it("resolves a LID contact through its phone number and tells both identities", () => {
    const { dir } = directory();
    const { facts } = dir.contactUpdate({ id: `${CONTACT_LID}@lid`, phoneNumber: `${CONTACT}@s.whatsapp.net`, notify: "Maria" });
    expect(facts).toEqual({ number: CONTACT, lid: CONTACT_LID, name: "Maria" });
    expect(dir.phoneForLid(CONTACT_LID)).toBe(CONTACT);
    // A LID with no known number cannot be addressed yet.
    expect(dir.contactUpdate({ id: "99999999999999@lid", notify: "?" })).toEqual({});
  });

  it("announces a LID mapping as a contact event, once", () => {
    const { dir } = directory();
    expect(dir.mapping({ lid: `${CONTACT_LID}@lid`, pn: `${CONTACT}@s.whatsapp.net` })).toEqual({ number: CONTACT, lid: CONTACT_LID });
    expect(dir.mapping({ lid: `${CONTACT_LID}@lid`, pn: `${CONTACT}@s.whatsapp.net` })).toBeUndefined();
  });

  it("fetches a picture only when WhatsApp says it changed, at most once a minute", () => {
    const { dir, advance } = directory();
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, notify: "Maria" }).fetchPictureOf).toBeUndefined();
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, imgUrl: "changed" }).fetchPictureOf).toBe(`${CONTACT}@s.whatsapp.net`);
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, imgUrl: "changed" }).fetchPictureOf).toBeUndefined();
    expect(dir.pictureFetched(`${CONTACT}@s.whatsapp.net`, PIC)).toEqual({ number: CONTACT, name: "Maria", profilePicUrl: PIC });
    advance(61_000);
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, imgUrl: "changed" }).fetchPictureOf).toBe(`${CONTACT}@s.whatsapp.net`);
  });

  it("learns history-sync contacts for the address book without announcing them", () => {
    const { dir } = directory();
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, name: "Maria" }, false)).toEqual({});
    dir.contactUpdate({ id: "5521988887777@s.whatsapp.net", notify: "Carlos" }, false);
    expect(dir.addressBook()).toEqual([
      { number: "5521988887777", name: "Carlos" },
      { number: CONTACT, name: "Maria" },
    ]);
    // Not announced before, so the first live update still is.
    expect(dir.contactUpdate({ id: `${CONTACT}@s.whatsapp.net`, name: "Maria" }).facts).toEqual({ number: CONTACT, name: "Maria" });
  });

  it("learns LID pairs from Baileys 7 message keys, but not our own number on our own messages", () => {
    const { dir } = directory();
    dir.learnFromKey({ remoteJid: `${CONTACT_LID}@lid`, remoteJidAlt: `${CONTACT}@s.whatsapp.net`, fromMe: false, id: "1" });
    expect(dir.phoneForLid(CONTACT_LID)).toBe(CONTACT);
    dir.learnFromKey({ remoteJid: "77777777777777@lid", remoteJidAlt: "5511900000001@s.whatsapp.net", fromMe: true, id: "2" }, "5511900000001");
    expect(dir.phoneForLid("77777777777777")).toBeUndefined();
  });
});

describe("directory: groups", () => {
  it("names a group's contact from its subject and follows renames", () => {
    const { dir } = directory();
    const jid = "120363041234567890@g.us";
    expect(dir.rememberGroup({ id: jid, subject: "Suporte", owner: undefined, participants: [] })).toEqual({ number: "120363041234567890", name: "Suporte" });
    expect(dir.groupName(jid)).toBe("Suporte");
    expect(dir.group(jid)?.subject).toBe("Suporte");
    expect(dir.groupUpdate({ id: jid, subject: "Suporte VIP" })).toEqual({ number: "120363041234567890", name: "Suporte VIP" });
    expect(dir.groupUpdate({ id: jid, announce: true })).toBeUndefined();
    dir.forgetGroupMembers(jid);
    expect(dir.group(jid)).toBeUndefined();
    expect(dir.groupName(jid)).toBe("Suporte VIP");
  });

  it("cannot name old-style group ids in a contact event (digits only)", () => {
    const { dir } = directory();
    expect(dir.rememberGroup({ id: "5511987654321-1600000000@g.us", subject: "Família", owner: undefined, participants: [] })).toBeUndefined();
    expect(dir.groupName("5511987654321-1600000000@g.us")).toBe("Família");
  });
});
