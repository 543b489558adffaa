import { and, eq } from "drizzle-orm";
import { fileListOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { readStoredMedia } from "../shared/servedMedia";
import { ownFileList } from "./view";

/** GET /files/:id/options/:optionId/media: one file's bytes, to anyone of the company (served as ADR 0015 says). */
export async function getFileListFile({ ctx, input }: { ctx: Ctx; input: { id: number; optionId: number } }) {
  const list = await ownFileList(ctx, input.id);
  const option = await ctx.db
    .select({ path: fileListOptions.path, fileName: fileListOptions.fileName })
    .from(fileListOptions)
    .where(and(eq(fileListOptions.id, input.optionId), eq(fileListOptions.fileListId, list.id), eq(fileListOptions.companyId, ctx.companyId)))
    .get();
  if (!option || !option.path) throw new AppError("ERR_NO_FILE_LIST_FILE_FOUND");
  return readStoredMedia(ctx, option.path, option.fileName);
}
