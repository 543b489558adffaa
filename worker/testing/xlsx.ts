import ExcelJS from "exceljs";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A real .xlsx (built with exceljs inside workerd) holding `rows` on its first sheet. */
export async function buildXlsx(rows: (string | number | null)[][], sheetName = "Contatos"): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  const buffer = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  return new Uint8Array(buffer);
}
