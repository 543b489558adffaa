import type { Contact, GroupMetadata, LIDMapping, WAMessageKey } from "@whiskeysockets/baileys";
import type { AddressBookEntry } from "../provider";
import { DIGITS, isGroupJid, isLidJid, isPhoneJid, userOf } from "./jids";

/**
 * What one connection has learnt about the people and groups it talks to: LID ↔ number pairs, names, profile
 * pictures and group subjects. It turns Baileys' contact and group updates into `contact` events, emitted only
 * when something the product shows changed (Baileys repeats a push name on every message).
 *
 * It lives in memory: after a restart it refills from WhatsApp's own sync and traffic. The address book is
 * therefore the contacts WhatsApp synced to this linked device since the process started (names saved on the
 * phone arrive through app-state sync, push names through messages), not a full copy of the phone's contacts.
 */

export interface ContactFacts {
  number: string;
  lid?: string;
  name?: string;
  profilePicUrl?: string;
}

interface Person {
  /** The name saved in the connected phone's address book. */
  saved?: string;
  /** The name the person set for themselves (push name). */
  notify?: string;
  verified?: string;
}

const PICTURE_REFETCH_MS = 60_000;
const GROUP_FRESH_MS = 5 * 60_000;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function clean(name: string | null | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, 200) : undefined;
}

export class Directory {
  private readonly phoneByLid = new Map<string, string>();
  private readonly lidByPhone = new Map<string, string>();
  private readonly people = new Map<string, Person>();
  private readonly pictures = new Map<string, string | null>();
  private readonly pictureAskedAt = new Map<string, number>();
  private readonly groups = new Map<string, { meta: GroupMetadata; at: number }>();
  private readonly emitted = new Map<string, string>();
  private readonly lidOnly = new Set<string>();

  constructor(private readonly now: () => number) {}

  // ---- LID ↔ number ----

  /** Records that a LID and a phone number are one person (JIDs or bare user parts). */
  learnPair(lid: string, phone: string): boolean {
    const l = lid.includes("@") ? userOf(lid) : lid;
    const p = phone.includes("@") ? userOf(phone) : phone;
    if (!l || !DIGITS.test(p) || l === p) return false;
    const known = this.phoneByLid.get(l) === p;
    this.phoneByLid.set(l, p);
    this.lidByPhone.set(p, l);
    this.lidOnly.delete(l);
    return !known;
  }

  /** Baileys 7 message keys carry the other identity in remoteJidAlt / participantAlt. */
  learnFromKey(key: WAMessageKey, myNumber?: string): void {
    const pairs: Array<[string | null | undefined, string | null | undefined]> = [
      [key.participant, key.participantAlt],
      // On our own one-to-one messages the alternate may be our own number: skip it.
      [key.remoteJid, key.fromMe && myNumber && userOf(key.remoteJidAlt) === myNumber ? undefined : key.remoteJidAlt],
    ];
    for (const [a, b] of pairs) {
      if (!a || !b) continue;
      if (isLidJid(a) && isPhoneJid(b)) this.learnPair(a, b);
      else if (isPhoneJid(a) && isLidJid(b)) this.learnPair(b, a);
    }
  }

  phoneForLid(lid: string): string | undefined {
    return this.phoneByLid.get(lid);
  }

  lidForPhone(phone: string): string | undefined {
    return this.lidByPhone.get(phone);
  }

  /** A message went out under a LID in place of a number (no mapping yet): replies must go to the LID. */
  markLidOnly(lid: string): void {
    if (!this.phoneByLid.has(lid)) this.lidOnly.add(lid);
  }

  isLidOnly(number: string): boolean {
    return this.lidOnly.has(number);
  }

  /** Numbers WhatsApp itself showed us (senders, synced contacts): no need to ask onWhatsApp before sending. */
  isKnownNumber(number: string): boolean {
    return this.people.has(number) || this.lidByPhone.has(number);
  }

  noteSender(number: string): void {
    if (!this.people.has(number)) this.people.set(number, {});
  }

  // ---- contacts ----

  /** A lid-mapping.update: the contact event that tells the worker both identities are one. */
  mapping(mapping: LIDMapping): ContactFacts | undefined {
    if (!this.learnPair(mapping.lid, mapping.pn)) return undefined;
    return this.changed(userOf(mapping.pn));
  }

  /**
   * A contacts.upsert / contacts.update item → the contact event to emit (if anything changed) and the JID whose
   * picture must be fetched (WhatsApp said it changed; fetched at most once a minute per contact). `announce`
   * false only learns (names for the address book, LID pairs).
   */
  contactUpdate(contact: Partial<Contact>, announce = true): { facts?: ContactFacts; fetchPictureOf?: string } {
    const id = contact.id;
    if (!id || isGroupJid(id)) return {};
    const lid = isLidJid(id) ? userOf(id) : contact.lid ? userOf(contact.lid) : undefined;
    let number = isPhoneJid(id) ? userOf(id) : contact.phoneNumber ? userOf(contact.phoneNumber) : undefined;
    if (!number && lid) number = this.phoneByLid.get(lid);
    if (!number || !DIGITS.test(number)) return {};
    if (lid) this.learnPair(lid, number);

    const person = this.people.get(number) ?? {};
    if (contact.name !== undefined) person.saved = clean(contact.name);
    if (contact.notify !== undefined) person.notify = clean(contact.notify);
    if (contact.verifiedName !== undefined) person.verified = clean(contact.verifiedName);
    this.people.set(number, person);

    // History sync hands over the whole address book: learnt quietly, not announced contact by contact.
    if (!announce) return {};
    let fetchPictureOf: string | undefined;
    if (contact.imgUrl === "changed") {
      const last = this.pictureAskedAt.get(number);
      if (last === undefined || this.now() - last >= PICTURE_REFETCH_MS) {
        this.pictureAskedAt.set(number, this.now());
        fetchPictureOf = `${number}@s.whatsapp.net`;
      }
    } else if (contact.imgUrl === null) {
      this.pictures.set(number, null);
    } else if (typeof contact.imgUrl === "string" && isUrl(contact.imgUrl)) {
      this.pictures.set(number, contact.imgUrl);
    }
    return { facts: this.changed(number), fetchPictureOf };
  }

  /** The fetched picture URL (undefined: none, or not visible to us). */
  pictureFetched(jid: string, url: string | undefined): ContactFacts | undefined {
    const number = userOf(jid);
    if (!DIGITS.test(number)) return undefined;
    this.pictures.set(number, url && isUrl(url) ? url : null);
    return this.changed(number);
  }

  addressBook(): AddressBookEntry[] {
    const entries: AddressBookEntry[] = [];
    for (const [number, person] of this.people) {
      const name = person.saved ?? person.notify ?? person.verified;
      if (name) entries.push({ number, name });
    }
    return entries.sort((a, b) => a.name.localeCompare(b.name));
  }

  private facts(number: string): ContactFacts {
    const person = this.people.get(number);
    const facts: ContactFacts = { number };
    const lid = this.lidByPhone.get(number);
    if (lid) facts.lid = lid;
    const name = person?.saved ?? person?.notify ?? person?.verified;
    if (name) facts.name = name;
    const picture = this.pictures.get(number);
    if (picture) facts.profilePicUrl = picture;
    return facts;
  }

  /** The contact's facts if they differ from what was last emitted for them. */
  private changed(number: string): ContactFacts | undefined {
    const facts = this.facts(number);
    const signature = JSON.stringify([facts.lid, facts.name, facts.profilePicUrl]);
    if (this.emitted.get(number) === signature) return undefined;
    this.emitted.set(number, signature);
    // Nothing to say beyond the number itself: not worth an event.
    if (!facts.lid && !facts.name && !facts.profilePicUrl) return undefined;
    return facts;
  }

  // ---- groups ----

  /** Group metadata recent enough to send with (Baileys' cachedGroupMetadata). */
  group(jid: string): GroupMetadata | undefined {
    const entry = this.groups.get(jid);
    return entry && this.now() - entry.at < GROUP_FRESH_MS ? entry.meta : undefined;
  }

  hasGroup(jid: string): boolean {
    return this.groups.has(jid);
  }

  groupName(jid: string): string | undefined {
    return clean(this.groups.get(jid)?.meta.subject);
  }

  rememberGroup(meta: GroupMetadata): ContactFacts | undefined {
    this.groups.set(meta.id, { meta, at: this.now() });
    return this.groupFacts(meta.id);
  }

  /** groups.update: a changed subject renames the group's contact. */
  groupUpdate(update: Partial<GroupMetadata>): ContactFacts | undefined {
    const id = update.id;
    if (!id) return undefined;
    const entry = this.groups.get(id);
    if (entry) {
      entry.meta = { ...entry.meta, ...update, id };
      // Participants changed: refetch before the next send.
      if (update.participants) entry.at = 0;
    } else if (update.subject !== undefined) {
      // Known by name only: not fresh enough to send with (at 0), enough for groupName.
      this.groups.set(id, { meta: { id, subject: update.subject, owner: undefined, participants: [] }, at: 0 });
    }
    return update.subject === undefined ? undefined : this.groupFacts(id);
  }

  /** Participants changed: the cached list must not be used to encrypt the next message. */
  forgetGroupMembers(jid: string): void {
    const entry = this.groups.get(jid);
    if (entry) entry.at = 0;
  }

  private groupFacts(jid: string): ContactFacts | undefined {
    const number = userOf(jid);
    const name = this.groupName(jid);
    // The contract's contact number is digits only; older group ids ("5511…-1600…") cannot be said there.
    if (!DIGITS.test(number) || !name) return undefined;
    const signature = JSON.stringify(["group", name]);
    if (this.emitted.get(number) === signature) return undefined;
    this.emitted.set(number, signature);
    return { number, name };
  }
}
