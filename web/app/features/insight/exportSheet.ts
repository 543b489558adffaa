import { csvDocument, saveBlob, saveText } from "../../lib/files";

/** A table to export: a sheet name, its header row and its rows. */
export interface SheetTable {
  name: string;
  header: string[];
  rows: (string | number | null)[][];
}

/** CSV of the tables one after another (a blank line between), UTF-8 with a byte-order mark. */
export function downloadCsv(tables: SheetTable[], fileName: string, lang: string) {
  saveText(dashboardCsv(tables, lang), `${fileName}.csv`);
}

/** One document, the tables a blank row apart, in the reader's dialect (csvDocument: BOM, CRLF, ; and 3,5 for pt-BR). */
export function dashboardCsv(tables: SheetTable[], lang: string): string {
  return csvDocument(tables.flatMap((t, i) => [...(i > 0 ? [[]] : []), t.header, ...t.rows]), lang);
}

/** .xlsx with one sheet per table. SheetJS (already the contacts import's) is loaded only when asked. */
export async function downloadXlsx(tables: SheetTable[], fileName: string) {
  const XLSX = await import("xlsx");
  const book = XLSX.utils.book_new();
  for (const t of tables) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([t.header, ...t.rows]), t.name.slice(0, 31));
  const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  saveBlob(new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), `${fileName}.xlsx`);
}

/** A CSV the server wrote, as .xlsx (its first row the header). */
export async function downloadCsvAsXlsx(csv: string, sheetName: string, fileName: string) {
  const XLSX = await import("xlsx");
  const parsed = XLSX.read(csv.replace(/^\uFEFF/, ""), { type: "string", raw: true });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, parsed.Sheets[parsed.SheetNames[0]!]!, sheetName.slice(0, 31));
  const bytes = XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  saveBlob(new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), `${fileName}.xlsx`);
}
