/** Spec 000 section 5: a ticket note is required and has at least 2 characters. */
export const NOTE_MIN = 2;
export const NOTE_MAX = 5000;

export function noteError(text: string): "required" | "tooShort" | "tooLong" | null {
  const value = text.trim();
  if (!value) return "required";
  if (value.length < NOTE_MIN) return "tooShort";
  if (value.length > NOTE_MAX) return "tooLong";
  return null;
}
