/**
 * A contact's number as people read it (spec 001): the WhatsApp suffix (@c.us) dropped, and Brazilian-style
 * numbers of 12 or 13 digits (country, area, number) grouped as +CC (AA) NNNN-NNNN or +CC (AA) NNNNN-NNNN.
 * Anything else (other lengths, group ids) is shown as stored, minus the suffix.
 */
export function formatPhoneNumber(raw: string | null | undefined): string {
  if (!raw) return "";
  const stripped = raw.trim().replace(/@c\.us$/i, "");
  if (!/^\+?\d+$/.test(stripped)) return stripped;
  const digits = stripped.replace(/\D/g, "");
  if (digits.length === 12) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 8)}-${digits.slice(8)}`;
  if (digits.length === 13) return `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;
  return stripped;
}

/** Up to two initials for an avatar without a photo ("Maria da Silva" → "MS"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return (
    letters
      .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ""))[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}
