/**
 * Pix "BR Code" (EMV QR Code Merchant-Presented Mode, as the Central Bank's Manual de Padrões para Iniciação do Pix
 * fixes it): the copy-paste text a QR code carries. Used when no PSP is configured (ADR 0026), so the Pix view still
 * shows something a bank app can pay; with a PSP, the charge's own `pixCopiaECola` is shown instead.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as 4 upper-case hex digits: field 63 of a BR Code. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV field: id, length in two digits, value. */
function field(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new Error(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, "0")}${value}`;
}

/** Upper-case ASCII without accents, as bank apps expect the merchant's name and city. */
function plain(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,\-@*]/g, "")
    .trim()
    .slice(0, max);
}

export interface StaticBrCodeInput {
  /** The receiver's Pix key (e-mail, phone +55…, CPF/CNPJ digits or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** BRL; omitted: the payer types the amount. */
  amount?: number;
  /** Up to 25 letters and digits; "***" when none. */
  txid?: string;
  description?: string;
}

/** A static BR Code. */
export function staticBrCode(input: StaticBrCodeInput): string {
  const account = field("00", "br.gov.bcb.pix") + field("01", input.key) + (input.description ? field("02", input.description.slice(0, 40)) : "");
  const txid = (input.txid ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***";
  const payload =
    field("00", "01") +
    field("26", account) +
    field("52", "0000") +
    field("53", "986") +
    (input.amount !== undefined ? field("54", input.amount.toFixed(2)) : "") +
    field("58", "BR") +
    field("59", plain(input.merchantName, 25) || "N") +
    field("60", plain(input.merchantCity, 15) || "BRASILIA") +
    field("62", field("05", txid)) +
    "6304";
  return payload + crc16(payload);
}
