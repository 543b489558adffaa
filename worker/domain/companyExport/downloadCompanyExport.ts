import { and, eq } from "drizzle-orm";
import { companyOfId } from "../../contracts/ids";
import { companyExports } from "../../db/tenant";
import type { Env } from "../../env";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { companyExportKey, verifyDownloadLink } from "./downloadLink";

/** The archive as a download answers it. */
export interface CompanyExportFile {
  body: ReadableStream;
  headers: Headers;
}

function fileOf(object: R2ObjectBody, companyId: number, exportId: number): CompanyExportFile {
  const headers = new Headers({
    "content-type": "application/x-tar",
    "content-length": String(object.size),
    "content-disposition": `attachment; filename="zapdesk-company-${companyId}-export-${exportId}.tar"`,
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  return { body: object.body, headers };
}

/** The archive of a finished export of the signed-in admin's company (the route checked the permission). */
export async function downloadCompanyExport({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<CompanyExportFile> {
  const row = ctx.db
    .select()
    .from(companyExports)
    .where(and(eq(companyExports.companyId, ctx.companyId), eq(companyExports.id, input.id)))
    .get();
  if (!row) throw new AppError("ERR_NOT_FOUND");
  if (row.state !== "done") throw new AppError("ERR_COMPANY_EXPORT_NOT_READY");
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) throw new AppError("ERR_COMPANY_EXPORT_EXPIRED");
  const object = await ctx.env.MEDIA.get(companyExportKey(ctx.companyId, row.id));
  if (!object) throw new AppError("ERR_NOT_FOUND");
  return fileOf(object, ctx.companyId, row.id);
}

/**
 * The archive by its signed link (no session: the edge answers it from R2). The link names the export; its id names
 * the company (ids are in the company's range), and only a finished export is ever signed.
 */
export async function downloadSignedCompanyExport({
  env,
  input,
}: {
  env: Pick<Env, "MEDIA" | "DATA_SECRET">;
  input: { id: number; expires: string | undefined; signature: string | undefined };
}): Promise<CompanyExportFile> {
  await verifyDownloadLink(env.DATA_SECRET, input.id, input.expires, input.signature, Date.now());
  const companyId = companyOfId(input.id);
  const object = await env.MEDIA.get(companyExportKey(companyId, input.id));
  if (!object) throw new AppError("ERR_NOT_FOUND");
  return fileOf(object, companyId, input.id);
}
