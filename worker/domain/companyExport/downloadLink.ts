import { hmacSha256, safeEqual } from "../../lib/crypto";
import { AppError } from "../errors";

/** How long a finished export's archive and its download link are kept. */
export const COMPANY_EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;

/** Where an export's archive lives in R2 (outside `companies/<id>/`, which is the company's media and is exported). */
export const companyExportKey = (companyId: number, exportId: number) => `exports/${companyId}/${exportId}.tar`;
/** The export's temporary objects (table lines, the upload's carry), removed when it ends. */
export const companyExportTempPrefix = (companyId: number, exportId: number) => `exports/${companyId}/${exportId}/`;

const message = (exportId: number, expires: number) => `company-export:${exportId}:${expires}`;

/**
 * The signed download link: an HMAC over the export's id and the link's expiry with the deployment's DATA_SECRET,
 * so a browser downloads it without the session cookie (the id names its company: ids are in the company's range).
 */
export async function signedDownloadPath(secret: string, exportId: number, expires: number): Promise<string> {
  const signature = await hmacSha256(secret, message(exportId, expires));
  return `/api/company-exports/${exportId}/download?expires=${expires}&signature=${signature}`;
}

/** Checks a link's signature and expiry: a forged link is not found, an expired one 410. */
export async function verifyDownloadLink(secret: string, exportId: number, expiresText: string | undefined, signature: string | undefined, now: number): Promise<void> {
  const expires = Number(expiresText);
  if (!signature || !expiresText || !/^[0-9]{1,16}$/.test(expiresText)) throw new AppError("ERR_NOT_FOUND");
  if (!safeEqual(await hmacSha256(secret, message(exportId, expires)), signature)) throw new AppError("ERR_NOT_FOUND");
  if (expires <= now) throw new AppError("ERR_COMPANY_EXPORT_EXPIRED");
}
