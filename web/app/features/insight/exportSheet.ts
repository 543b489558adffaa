/** A table to export: a sheet name, its header row and its rows. */
export interface SheetTable {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
}

function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  // A value a spreadsheet would run as a formula is prefixed with an apostrophe (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** CSV of the tables one after another (a blank line between), UTF-8 with a byte-order mark. */
export function downloadCsv(tables: SheetTable[], fileName: string) {
  const parts = tables.map((t) => [t.header, ...t.rows].map((r) => r.map(csvField).join(",")).join("\r\n"));
  download(new Blob([`\uFEFF${parts.join("\r\n\r\n")}\r\n`], { type: "text/csv;charset=utf-8" }), `${fileName}.csv`);
}

/** .xlsx with one sheet per table. SheetJS (already the contacts import's) is loaded only when asked. */
export async function downloadXlsx(tables: SheetTable[], fileName: string) {
  const XLSX = await import("xlsx");
  const book = XLSX.utils.book_new();
  for (const t of tables) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([t.header, ...t.rows]), t.name.slice(0, 31));
  const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  download(new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), `${fileName}.xlsx`);
}

/** A CSV the server wrote, as .xlsx (its first row the header). */
export async function downloadCsvAsXlsx(csv: string, sheetName: string, fileName: string) {
  const XLSX = await import("xlsx");
  const parsed = XLSX.read(csv.replace(/^\uFEFF/, ""), { type: "string", raw: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, parsed.Sheets[parsed.SheetNames[0]!]!, sheetName.slice(0, 31));
  const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  download(new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), `${fileName}.xlsx`);
}
