import { readSheet } from "read-excel-file/universal";
import { MAX_IMPORT_ROWS } from "../../contracts/contacts";
import { AppError } from "../errors";
import { parseCsv, unguardCsvField } from "./csv";
import { mapColumns, type SheetColumn } from "./sheetColumns";
import { ArchiveError, storedXlsxArchive } from "./xlsxArchive";

/** What the XML parts of an accepted spreadsheet may expand to (a 2 MB .xlsx of 5,000 rows needs far less). */
const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
/** Extra columns kept per row (each becomes a campaign variable). */
const MAX_EXTRA_COLUMNS = 20;


export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the header is usually row 1). */
  row: number;
  name: string;
  number: string;
  email: string;
  /** The consent column's cell ("" without one). */
  consent: string;
  /** The other columns, by their header (contact lists keep them as a campaign's variables). */
  extra: Record<string, string>;
}

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Reads an uploaded spreadsheet: the first sheet of an .xlsx, or a .csv (the contacts export among them). The first
 * non-empty row is the header, whose columns are found by name (nome/name/nombre, numero/número/number/telefone/
 * phone, email/e-mail/correo); the rows below it come back as text with their row numbers, blank rows left out. A
 * legacy .xls is refused with ERR_IMPORT_XLS_UNSUPPORTED: the contacts page converts those in the browser and posts
 * the rows to /contacts/import.
 */
export async function readContactSheet(file: File): Promise<SheetRow[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWith(bytes, OLE2_MAGIC) || /\.xls$/i.test(file.name)) throw new AppError("ERR_IMPORT_XLS_UNSUPPORTED");
  if (/\.csv$/i.test(file.name)) return rowsOf(csvCells(bytes));
  if (!startsWith(bytes, ZIP_MAGIC)) throw new AppError("ERR_IMPORT_INVALID_FILE");

  let data: unknown[][];
  try {
    const archive = await storedXlsxArchive(bytes, { maxUnpackedBytes: MAX_UNPACKED_BYTES });
    data = await readSheet(archive, { parseNumber: (text: string) => text });
  } catch (err) {
    if (err instanceof ArchiveError && err.reason === "tooLarge") {
      throw new AppError("ERR_PAYLOAD_TOO_LARGE", "The spreadsheet is too large once unpacked.", { limit: MAX_UNPACKED_BYTES });
    }
    // Whatever the parser trips on, the cause is the file.
    throw new AppError("ERR_IMPORT_INVALID_FILE");
  }
  return rowsOf(data);
}

/**
 * A CSV file's cells: UTF-8 (with or without a byte-order mark) as the export writes it, else Latin-1 (what older
 * spreadsheet programs save); the apostrophe the export puts before a formula-like value is taken off again.
 */
function csvCells(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  }
  return parseCsv(text).map((row) => row.map(unguardCsvField));
}

/** The contact rows under a sheet's header row, by the header's column names. */
function rowsOf(data: unknown[][]): SheetRow[] {
  const headerIndex = data.findIndex((row) => row.some((cell) => text(cell) !== ""));
  if (headerIndex < 0) return [];
  const header = data[headerIndex]!.map(text);
  const columns = mapColumns(header);
  if (columns.number === undefined) throw new AppError("ERR_IMPORT_NO_NUMBER_COLUMN");
  const known = new Set(Object.values(columns));
  const extraColumns = header.flatMap((name, index) => (name && !known.has(index) ? [{ name: name.slice(0, 40), index }] : [])).slice(0, MAX_EXTRA_COLUMNS);

  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < data.length; i++) {
    const cells = data[i]!;
    if (!cells.some((cell) => text(cell) !== "")) continue;
    if (rows.length === MAX_IMPORT_ROWS) {
      throw new AppError("ERR_IMPORT_TOO_MANY_ROWS", `The spreadsheet has more than ${MAX_IMPORT_ROWS} rows.`, { limit: MAX_IMPORT_ROWS });
    }
    const at = (column: SheetColumn) => {
      const index = columns[column];
      return index === undefined ? "" : text(cells[index]);
    };
    const extra: Record<string, string> = {};
    for (const column of extraColumns) {
      const value = text(cells[column.index]);
      if (value) extra[column.name] = value.slice(0, 1000);
    }
    rows.push({ row: i + 1, name: at("name"), number: at("number"), email: at("email"), consent: at("consent"), extra });
  }
  return rows;
}

function text(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "" : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}
