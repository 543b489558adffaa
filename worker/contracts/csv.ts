/**
 * The one CSV writer of the product (the contacts export, the dashboard's, the campaign report's, the tickets report's,
 * and the files the web app makes): RFC 4180 fields in the reader's spreadsheet dialect. Excel in Portuguese or
 * Spanish splits rows on semicolons and reads "3,5" as a number, so a comma-separated file lands in one column there:
 * pt-BR and es get semicolons and decimal commas, en commas and decimal points. Every document starts with a UTF-8
 * byte-order mark so Excel reads accents, and ends each row with CRLF. The import reads any of them back
 * (contacts/csv.ts finds the separator).
 */
export interface CsvDialect {
  separator: "," | ";";
  decimal: "." | ",";
}

export const CSV_BOM = "\uFEFF";

const COMMA: CsvDialect = { separator: ",", decimal: "." };
const SEMICOLON: CsvDialect = { separator: ";", decimal: "," };

/** The dialect of a reader's language: en (and anything unknown but English) comma and point; pt-BR and es semicolon and comma. */
export function csvDialect(lang: string | null | undefined): CsvDialect {
  return lang && /^en\b/i.test(lang) ? COMMA : lang ? SEMICOLON : COMMA;
}

export type CsvValue = string | number | null | undefined;

/**
 * One field. A number is written with the dialect's decimal mark and no grouping; a text a spreadsheet would run as
 * a formula (starting with = + - @, tab or carriage return) gets an apostrophe in front (CSV injection); a field
 * holding the separator, a quote or a line break is quoted.
 */
export function csvField(value: CsvValue, dialect: CsvDialect = COMMA): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    const text = String(value);
    return dialect.decimal === "." ? text : text.replace(".", dialect.decimal);
  }
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(dialect.separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row, CRLF-terminated. */
export function csvRow(fields: readonly CsvValue[], dialect: CsvDialect = COMMA): string {
  return `${fields.map((f) => csvField(f, dialect)).join(dialect.separator)}\r\n`;
}

/** A whole document: the byte-order mark, then the rows. */
export function csvDocument(rows: readonly (readonly CsvValue[])[], dialect: CsvDialect = COMMA): string {
  return `${CSV_BOM}${rows.map((r) => csvRow(r, dialect)).join("")}`;
}
