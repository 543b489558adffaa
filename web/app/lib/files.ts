import { csvDialect, csvDocument as writeCsv } from "../../../worker/contracts/csv";

/**
 * Names of files this area hands to the user: safe as a download name on every system (no path separators,
 * quotes or control characters) and dated, so repeated exports do not overwrite each other.
 */
export function exportFileName(prefix: string, date: Date, extension = "csv"): string {
  const day = [date.getFullYear(), String(date.getMonth() + 1).padStart(2, "0"), String(date.getDate()).padStart(2, "0")].join("-");
  return `${safeFileName(prefix) || "export"}-${day}.${extension}`;
}

/**
 * A file name reduced to what is safe in a download or an upload: the last path segment, spaces as underscores
 * (spec 002 for attachments), and only letters, digits and . _ - ( ) + kept. Mirrors the server's mediaFileName,
 * so the dialog shows the name the attachment will be stored under.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  return base
    .normalize("NFC")
    .replace(/\s+/g, "_")
    .replace(/[^\p{L}\p{N}._()+-]/gu, "")
    .replace(/^\.+/, "")
    .slice(-120);
}

/** "1.5 MB", "320 KB": sizes in limits and hints. */
export function formatBytes(bytes: number, lang: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * A CSV document in the reader's spreadsheet dialect (semicolons and decimal commas for pt-BR and es, commas and points
 * for en), with a byte-order mark: the product's one CSV writer (worker/contracts/csv.ts), also the server's.
 */
export function csvDocument(rows: (string | number | null)[][], lang: string): string {
  return writeCsv(rows, csvDialect(lang));
}

/** Hands text to the browser as a downloaded file. */
export function saveText(text: string, fileName: string, type = "text/csv;charset=utf-8") {
  saveBlob(new Blob([text], { type }), fileName);
}

/** Hands bytes to the browser as a downloaded file. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
