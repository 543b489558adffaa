// One person is one contact (issue 27 §1): numbers normalised (the Brazilian ninth digit) and LID duplicates merged.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** Digits of a WhatsApp id or number ("5511987654321@s.whatsapp.net", "+55 (11) 98765-4321"). */
export function digitsOf(raw: string): string {
  const at = raw.indexOf("@");
  return (at >= 0 ? raw.slice(0, at) : raw).replace(/\D/g, "");
}

/**
 * The canonical number of a contact. Brazil (55): a mobile written with 8 digits after the area code (DDD), as
 * WhatsApp still reports for many older accounts, gets its ninth digit (55 DD 9 XXXXXXXX). Landlines (subscriber
 * number starting 2-5) stay as they are. Other countries: the digits, checked with libphonenumber where it can.
 * Group ids and LIDs (not phone numbers) are returned as given.
 */
export function normalizeNumber(raw: string, opts: { isGroup?: boolean } = {}): string {
  const trimmed = raw.trim();
  if (opts.isGroup || trimmed.includes("@g.us") || trimmed.includes("@lid") || /-/.test(digitsOrDash(trimmed))) {
    return trimmed.replace(/@.*$/, "");
  }
  const digits = digitsOf(trimmed);
  if (digits.startsWith("55") && digits.length === 12) {
    const ddd = digits.slice(2, 4);
    const subscriber = digits.slice(4);
    // Mobiles began with 6-9 before the ninth digit was added; 2-5 are landlines.
    if (/^[6-9]/.test(subscriber) && Number(ddd) >= 11) return `55${ddd}9${subscriber}`;
    return digits;
  }
  if (digits.length >= 8 && !digits.startsWith("55")) {
    const phone = parsePhoneNumberFromString(`+${digits}`);
    if (phone?.isPossible()) return `${phone.countryCallingCode}${phone.nationalNumber}`;
  }
  return digits;
}

function digitsOrDash(raw: string): string {
  return raw.replace(/@.*$/, "").replace(/[^\d-]/g, "");
}

/** Whether a value is a WhatsApp LID (a privacy id, not a phone number). */
export function isLid(raw: string | null | undefined): boolean {
  return !!raw && /@lid$/.test(raw.trim());
}

/** A contact as the merge needs it. */
export interface ContactKey {
  id: number;
  number: string;
  isGroup: boolean;
  /** The contact's LID, when known (a `lid` column, a `…@lid` number, or ticketz's WhatsappLidMaps). */
  lid?: string | null;
}

export interface Merge {
  /** The duplicate contact's id. */
  from: number;
  /** The contact kept. */
  into: number;
  reason: "same number" | "same lid";
  number: string;
}

/**
 * Groups contacts that are one person: the same normalised number, or the same LID (a contact known only by its
 * LID and one known by its number that ticketz's LID map ties to that LID). The first seen (lowest id, as contacts
 * stream in id order) is kept, unless it is a LID-only contact and the other has a real number. Memory: one map
 * entry per distinct number and per LID (bounded by the company's contacts, a few MiB per 100,000).
 */
export class ContactMerger {
  private byNumber = new Map<string, number>();
  private byLid = new Map<string, number>();
  private keptNumber = new Map<number, string>();
  readonly merges = new Map<number, Merge>();

  /** Adds a contact; answers the id it merges into (itself when kept). */
  add(contact: ContactKey): number {
    const lidOnly = isLid(contact.number);
    const number = lidOnly ? "" : normalizeNumber(contact.number, { isGroup: contact.isGroup });
    const lid = contact.lid ? contact.lid.replace(/@.*$/, "") : lidOnly ? contact.number.replace(/@.*$/, "") : null;
    const sameNumber = number ? this.byNumber.get(number) : undefined;
    if (sameNumber !== undefined) return this.merge(contact.id, sameNumber, "same number", number, lid);
    const sameLid = lid ? this.byLid.get(lid) : undefined;
    if (sameLid !== undefined) {
      if (number && !this.keptNumber.get(sameLid)) this.keptNumber.set(sameLid, number);
      if (number) this.byNumber.set(number, sameLid);
      return this.merge(contact.id, sameLid, "same lid", number, lid);
    }
    if (number) this.byNumber.set(number, contact.id);
    if (lid) this.byLid.set(lid, contact.id);
    this.keptNumber.set(contact.id, number);
    return contact.id;
  }

  private merge(from: number, into: number, reason: Merge["reason"], number: string, lid: string | null): number {
    if (lid && !this.byLid.has(lid)) this.byLid.set(lid, into);
    this.merges.set(from, { from, into, reason, number });
    return into;
  }

  /** The id a legacy contact id now stands for (itself unless merged). */
  resolve(id: number): number {
    return this.merges.get(id)?.into ?? id;
  }

  /** The number a kept contact should carry (a LID-only contact that a later row tied to a number gets it). */
  numberOf(id: number): string | undefined {
    return this.keptNumber.get(id);
  }
}
