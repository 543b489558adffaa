import { mapColumns, type SheetColumn } from "../../../../worker/contracts/contactSheet";

/**
 * Reading contacts out of a spreadsheet's cells (pure: no file or library here; xls.ts feeds it). Mirrors the
 * server's reader for .xlsx (worker/domain/contacts/readContactSheet): the first non-empty row is the header,
 * columns are found by name without case, accents or punctuation, blank rows are left out, and each row keeps
 * its number as the spreadsheet shows it so the import report can point at it.
 */

/** Import limits (worker/contracts/contacts: MAX_IMPORT_ROWS, MAX_IMPORT_FILE_BYTES; that module pulls the DB schema in, so not imported). */
export const MAX_IMPORT_ROWS = 5000;
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024;

export interface ImportRow {
  row: number;
  name: string;
  number: string;
  email: string;
  /** The consent column's cell, yes or no ("" without one). */
  consent: string;
}

export type SheetReading =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; reason: "noNumberColumn" | "tooManyRows" | "empty" };

/**
 * A cell as text. Numbers are written out in full: a phone number stored as a number cell must not come out
 * in exponent notation ("5.511999998888E+12") as formatted text would.
 */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) return "";
    return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  }
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * The rows of a sheet (its cells row by row, as read from the top of its used range, which is spreadsheet row
 * `firstRow`). More than `maxRows` contact rows is refused as a whole, like the server does.
 */
export function rowsFromSheet(data: readonly (readonly unknown[])[], firstRow = 1, maxRows = MAX_IMPORT_ROWS): SheetReading {
  const headerIndex = data.findIndex((row) => row.some((cell) => cellText(cell) !== ""));
  if (headerIndex < 0) return { ok: false, reason: "empty" };
  const columns = mapColumns(data[headerIndex]!.map(cellText));
  if (columns.number === undefined) return { ok: false, reason: "noNumberColumn" };
  const at = (cells: readonly unknown[], column: SheetColumn) => {
    const index = columns[column];
    return index === undefined ? "" : cellText(cells[index]);
  };
  const rows: ImportRow[] = [];
  for (let i = headerIndex + 1; i < data.length; i++) {
    const cells = data[i]!;
    if (!cells.some((cell) => cellText(cell) !== "")) continue;
    if (rows.length === maxRows) return { ok: false, reason: "tooManyRows" };
    rows.push({ row: firstRow + i, name: at(cells, "name"), number: at(cells, "number"), email: at(cells, "email"), consent: at(cells, "consent") });
  }
  return rows.length > 0 ? { ok: true, rows } : { ok: false, reason: "empty" };
}

/** The kind of spreadsheet a picked file is, by its name (spec: .xls and .xlsx; and .csv, as the export writes). */
export function sheetKind(fileName: string): "xlsx" | "xls" | "csv" | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".xlsx")) return "xlsx";
  if (lower.endsWith(".xls")) return "xls";
  if (lower.endsWith(".csv")) return "csv";
  return null;
}
