/**
 * A phone number as people read it (spec 001): without the @c.us suffix, 12 or 13 digits shown as
 * +CC (AA) NNNN-NNNN or +CC (AA) NNNNN-NNNN; anything else as given.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return "";
  const text = raw.replace(/@(c\.us|s\.whatsapp\.net|g\.us)$/i, "");
  const digits = text.replace(/\D/g, "");
  if (digits.length === 12 || digits.length === 13) {
    const cc = digits.slice(0, 2);
    const area = digits.slice(2, 4);
    const local = digits.slice(4);
    const split = local.length - 4;
    return `+${cc} (${area}) ${local.slice(0, split)}-${local.slice(split)}`;
  }
  return text;
}
