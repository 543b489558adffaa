import { isBusinessScopedUserId } from "../../../worker/contracts/businessScopedId";

/**
 * The product's one way to show a phone number (spec 001): the WhatsApp suffix (@c.us, @s.whatsapp.net, @g.us)
 * dropped; a Brazilian number (55, area code, 8 or 9 digits) as +55 (AA) NNNN-NNNN or +55 (AA) NNNNN-NNNN; any other
 * number (stored as international digits, worker/domain/contacts/phoneNumber.ts) with its plus; anything else (group
 * ids, text) as stored. Used wherever a number is shown, so one contact reads the same on every page. A user who
 * hides their number (a WhatsApp username) is filed by a business-scoped id, which is not a number: nothing shows.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw || isBusinessScopedUserId(raw)) return "";
  const text = raw.trim().replace(/@(c\.us|s\.whatsapp\.net|g\.us)$/i, "");
  if (!/^\+?\d+$/.test(text)) return text;
  const digits = text.replace(/\D/g, "");
  if (digits.startsWith("55") && (digits.length === 12 || digits.length === 13)) {
    const area = digits.slice(2, 4);
    const local = digits.slice(4);
    const split = local.length - 4;
    return `+55 (${area}) ${local.slice(0, split)}-${local.slice(split)}`;
  }
  // Group ids are longer than any phone number (E.164: at most 15 digits).
  if (digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return text;
}
