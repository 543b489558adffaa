import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Contact numbers are stored as WhatsApp addresses them: international digits only (spec: country code, area
 * code, number). People type them every which way, so input is read Brazilian-first:
 * - "+…" or "00…" is an international number of whatever country;
 * - otherwise the digits are tried as a Brazilian number, national ("(11) 99999-8888", "011 …") or with its
 *   country code ("5511999998888");
 * - failing that, as an international number typed without the plus ("351912345678").
 * A WhatsApp JID suffix (@c.us, @s.whatsapp.net) is dropped. Answers null when no reading is a valid number.
 */
export function normalizePhoneNumber(raw: string): string | null {
  const text = raw.trim().replace(/@(c\.us|s\.whatsapp\.net)$/i, "");
  if (/[a-z]/i.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 17) return null;
  if (text.startsWith("+")) return international(digits);
  if (digits.startsWith("00")) return international(digits.slice(2));
  const brazilian = parsePhoneNumberFromString(digits, "BR");
  if (brazilian?.isValid()) return brazilian.number.slice(1);
  return international(digits);
}

function international(digits: string): string | null {
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.number.slice(1) : null;
}

/**
 * Group contacts carry the group's id instead of a phone number ("120363025246125486", or the older
 * "5511999998888-1614723456"); they are kept as given, minus the @g.us suffix.
 */
export function normalizeGroupId(raw: string): string | null {
  const id = raw.trim().replace(/@g\.us$/i, "");
  return /^\d{8,30}(-\d{1,20})?$/.test(id) ? id : null;
}

/** The number of a contact, by kind. */
export function normalizeContactNumber(raw: string, { isGroup }: { isGroup: boolean }): string | null {
  return isGroup ? normalizeGroupId(raw) : normalizePhoneNumber(raw);
}

/** Whether a search term is a (partial) phone number rather than a name: digits with the usual punctuation. */
export function looksLikePhoneNumber(term: string): boolean {
  return /^[\d\s()+.-]+$/.test(term) && /\d{2,}/.test(term.replace(/\D/g, ""));
}
