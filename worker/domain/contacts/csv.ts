import { csvField as field, csvRow } from "../shared/csv";

/** One CSV field with commas (the shared writer, shared/csv.ts, which guards formulas against CSV injection). */
export function csvField(value: string): string {
  return field(value);
}

/** A field as read back: without the apostrophe csvField put before a formula-like value. */
export function unguardCsvField(value: string): string {
  return value.replace(/^'(?=[=+\-@\t\r])/, "");
}

/** A comma-separated row (shared/csv.ts; exports in the reader's dialect call csvRow with csvDialect(lang)). */
export function csvLine(fields: string[]): string {
  return csvRow(fields);
}

/** The separators a CSV file may use: spreadsheet programs in Portuguese and Spanish save with semicolons. */
const SEPARATORS = [",", ";", "\t"] as const;

/** The separator of a CSV text: the one found most often in its first line, outside quotes. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/**
 * The rows of a CSV text (RFC 4180: quoted fields with "" for a quote, line breaks inside quotes, CRLF or LF),
 * a leading byte-order mark left out, the separator found from the first line (comma, semicolon or tab). What
 * csvLine writes reads back as it was written.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const sep = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
