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

/** Types a browser may show inline; anything else is served as a download. */
const INLINE = /^(image\/(png|jpeg|gif|webp)|audio\/|video\/|application\/pdf$)/;

/**
 * Headers for serving an uploaded file from our own origin: never sniffed, never run as a page (sandboxed),
 * shown inline only when it is plain media.
 */
export function mediaHeaders(contentType: string, fileName: string, size: number, etag: string): Record<string, string> {
  const disposition = INLINE.test(contentType) ? "inline" : "attachment";
  return {
    "content-type": contentType,
    "content-length": String(size),
    "content-disposition": `${disposition}; filename="${fileName.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, no-cache",
    etag,
  };
}
