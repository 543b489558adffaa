/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. A value a spreadsheet would run
 * as a formula (starting with = + - @, tab or carriage return) is prefixed with an apostrophe, so opening the
 * export cannot execute what a contact named themself (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
