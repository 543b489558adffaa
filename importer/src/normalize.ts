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
  if (opts.isGroup || trimmed.includes("@g.us") || trimmed.includes("@lid") || /^\d{10,}-\d{6,}$/.test(digitsOrDash(trimmed))) {
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
  /** The contact's LID, when known (a `lid` column, or ticketz's WhatsappLidMaps). */
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
 * LID, `…@lid` or the bare LID digits, and the contact that ticketz's LID map ties to that LID). Contacts are added
 * in id order; `finish()` then keeps, in each group, the lowest id that has a real number (else the lowest id).
 * Memory: a few map entries per contact (some MiB per 100,000 contacts), never a message or ticket.
 */
export class ContactMerger {
  private parent = new Map<number, number>();
  private byNumber = new Map<string, number>();
  private byLid = new Map<string, number>();
  private info = new Map<number, { number: string; lid: string | null; why: Merge["reason"] | null }>();
  private kept = new Map<number, number>();
  readonly merges = new Map<number, Merge>();

  private find(id: number): number {
    let root = id;
    while (this.parent.get(root) !== root) root = this.parent.get(root)!;
    return root;
  }

  private union(a: number, b: number, why: Merge["reason"]) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
    const moved = this.info.get(b);
    if (moved && !moved.why) moved.why = why;
  }

  /** ticketz's WhatsappLidMaps: `lid` is the contact `contactId`. Call before adding contacts. */
  addLidMap(lid: string, contactId: number) {
    const key = lid.replace(/@.*$/, "");
    if (!this.byLid.has(key)) this.byLid.set(key, contactId);
  }

  add(contact: ContactKey) {
    const raw = contact.number.trim();
    const lidOnly = isLid(raw) || (!contact.isGroup && this.byLid.has(digitsOf(raw)) && this.byLid.get(digitsOf(raw)) !== contact.id);
    const number = lidOnly ? "" : normalizeNumber(raw, { isGroup: contact.isGroup });
    const lid = contact.lid ? contact.lid.replace(/@.*$/, "") : lidOnly ? digitsOf(raw) : null;
    this.parent.set(contact.id, contact.id);
    this.info.set(contact.id, { number, lid, why: null });
    if (number) {
      const same = this.byNumber.get(number);
      if (same !== undefined) this.union(same, contact.id, "same number");
      else this.byNumber.set(number, contact.id);
    }
    if (lid) {
      const owner = this.byLid.get(lid);
      if (owner === undefined) this.byLid.set(lid, contact.id);
      else if (owner !== contact.id && this.parent.has(owner)) this.union(owner, contact.id, "same lid");
      else if (owner !== contact.id) this.pendingLid.push([owner, contact.id]);
    }
  }

  /** LID-only contacts seen before the contact the LID map ties them to (a higher id). */
  private pendingLid: [number, number][] = [];

  /** Decides the kept contact of every group; call once every contact was added. */
  finish() {
    for (const [owner, id] of this.pendingLid) if (this.parent.has(owner)) this.union(owner, id, "same lid");
    this.pendingLid = [];
    const best = new Map<number, number>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      const current = best.get(root);
      const hasNumber = !!this.info.get(id)?.number;
      if (current === undefined) best.set(root, id);
      else {
        const currentHasNumber = !!this.info.get(current)?.number;
        if ((hasNumber && !currentHasNumber) || (hasNumber === currentHasNumber && id < current)) best.set(root, id);
      }
    }
    for (const id of this.parent.keys()) {
      const into = best.get(this.find(id))!;
      this.kept.set(id, into);
      if (into !== id) {
        const info = this.info.get(id)!;
        this.merges.set(id, { from: id, into, reason: info.why ?? (info.number ? "same number" : "same lid"), number: info.number || this.info.get(into)!.number });
        // The kept contact learns the duplicate's LID.
        const keptInfo = this.info.get(into)!;
        if (!keptInfo.lid && info.lid) keptInfo.lid = info.lid;
      }
    }
  }

  /** The id a legacy contact id now stands for (itself unless merged; unknown ids as given). */
  resolve(id: number): number {
    return this.kept.get(id) ?? id;
  }

  /** The normalised number a kept contact carries. */
  numberOf(id: number): string | undefined {
    return this.info.get(id)?.number || undefined;
  }

  /** The LID a kept contact carries (its own or a merged duplicate's). */
  lidOf(id: number): string | null {
    return this.info.get(id)?.lid ?? null;
  }
}
