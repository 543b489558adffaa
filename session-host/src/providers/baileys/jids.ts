import { isJidGroup, isLidUser, isPnUser, jidDecode, jidNormalizedUser } from "@whiskeysockets/baileys";

/**
 * WhatsApp addresses people and groups by JID ("5511987654321@s.whatsapp.net", "1203…@g.us", "2384…@lid"); the
 * product speaks digits. These helpers convert between the two.
 */

/** The user part of a JID without device or agent ("5511…:12@s.whatsapp.net" → "5511…"); "" for nothing. */
export function userOf(jid: string | null | undefined): string {
  if (!jid) return "";
  return jidDecode(jid)?.user ?? "";
}

export function isGroupJid(jid: string | null | undefined): boolean {
  return !!jid && !!isJidGroup(jid);
}

export function isLidJid(jid: string | null | undefined): boolean {
  return !!jid && !!isLidUser(jid);
}

export function isPhoneJid(jid: string | null | undefined): boolean {
  return !!jid && !!isPnUser(jid);
}

export function phoneJid(number: string): string {
  return `${number}@s.whatsapp.net`;
}

export function lidJid(lid: string): string {
  return `${lid}@lid`;
}

export function groupJid(groupId: string): string {
  return `${groupId}@g.us`;
}

/** A JID without device, normalised the way Baileys compares them. */
export function normalized(jid: string): string {
  return jidNormalizedUser(jid);
}

/** The contract's phone-number shape (worker/contracts/bridge.ts). */
export const DIGITS = /^\d{5,20}$/;

/**
 * The forms a Brazilian mobile number may take on WhatsApp, the given one first: accounts created before the
 * ninth digit (2012–2016) still answer on the 8-digit form, newer ones only on the 9-digit form.
 */
export function brazilianVariants(number: string): string[] {
  if (!number.startsWith("55")) return [number];
  const area = number.slice(2, 4);
  const local = number.slice(4);
  if (local.length === 9 && local.startsWith("9")) return [number, `55${area}${local.slice(1)}`];
  // Only mobiles (8-digit numbers starting 6–9) gained the ninth digit; landlines did not.
  if (local.length === 8 && /^[6-9]/.test(local)) return [number, `55${area}9${local}`];
  return [number];
}
