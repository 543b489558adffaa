/**
 * The columns of a contacts spreadsheet, shared by the server's reader (readContactSheet), the page's reader of old
 * .xls files (web/app/features/contacts/sheet.ts), the export and the template the page offers. No imports: the
 * page bundles it.
 */
export type SheetColumn = "name" | "number" | "email" | "consent";

/** Header names an import recognises per column, compared without case, accents or punctuation ("E-mail" is "email"). */
export const COLUMN_NAMES: Record<SheetColumn, readonly string[]> = {
  name: ["nome", "name", "nombre"],
  number: ["numero", "number", "telefone", "telefono", "phone", "celular", "whatsapp"],
  email: ["email", "correo", "correoelectronico"],
  /** Marketing consent, yes or no (contracts/consent.ts sheetConsent reads the cell). */
  consent: ["consent", "consentimento", "consentimiento", "marketing"],
};

export type SheetLanguage = "pt-BR" | "en" | "es";

/** The headers the export and the template write, in the reader's language: each is a name the import recognises. */
export const SHEET_HEADERS: Record<SheetLanguage, Record<SheetColumn, string>> = {
  "pt-BR": { name: "Nome", number: "Número", email: "Email", consent: "Consentimento" },
  en: { name: "Name", number: "Number", email: "Email", consent: "Consent" },
  es: { name: "Nombre", number: "Número", email: "Email", consent: "Consentimiento" },
};

/** How the export writes a contact's consent, in the reader's language (the import reads each back); unknown is empty. */
export const SHEET_CONSENT: Record<SheetLanguage, { granted: string; revoked: string }> = {
  "pt-BR": { granted: "Sim", revoked: "Não" },
  en: { granted: "Yes", revoked: "No" },
  es: { granted: "Sí", revoked: "No" },
};

/** "Número", "E-mail", " TELEFONE " → "numero", "email", "telefone". */
export function normalizeHeader(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Where each known column is in a header row (its cells as text); the first match wins. */
export function mapColumns(header: readonly string[]): Partial<Record<SheetColumn, number>> {
  const found: Partial<Record<SheetColumn, number>> = {};
  header.forEach((cell, index) => {
    const key = normalizeHeader(cell);
    for (const column of Object.keys(COLUMN_NAMES) as SheetColumn[]) {
      if (found[column] === undefined && COLUMN_NAMES[column].includes(key)) found[column] = index;
    }
  });
  return found;
}
