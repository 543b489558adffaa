/**
 * The file name an attachment is stored and shown under: the last path segment, spaces as underscores (spec
 * 002), and only letters, digits and . _ - ( ) + kept, so names stay safe in R2 keys and download headers.
 */
export function mediaFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const name = base
    .normalize("NFC")
    .replace(/\s+/g, "_")
    .replace(/[^\p{L}\p{N}._()+-]/gu, "")
    .replace(/^\.+/, "")
    .slice(-120);
  return name || "file";
}

/** R2 keys are prefixed by company (DESIGN: media is served only to the owning company). */
export const quickMessageMediaKey = (companyId: number, id: number, fileName: string) => `companies/${companyId}/quick-messages/${id}/${fileName}`;
