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
 * One CSV field (RFC 4180), safe to open in a spreadsheet: a value that a spreadsheet would run as a formula
 * (starting with = + - @, tab or carriage return) gets an apostrophe in front (CSV injection), and a value with
 * a quote, comma or line break is quoted. Mirrors the server's export (worker/domain/contacts/csv).
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document (header and rows), with a byte-order mark so spreadsheet programs read accents right. */
export function csvDocument(rows: (string | number | null)[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;
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
