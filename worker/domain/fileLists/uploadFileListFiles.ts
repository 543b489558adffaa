import { and, count, eq, max } from "drizzle-orm";
import { MAX_FILE_LIST_FILES } from "../../contracts/fileLists";
import { fileListOptions } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { acceptedFile, fileListFileKey, loadFileList, ownFileList, publishFileList, removeFiles, requireFilesManager } from "./view";

/**
 * POST /files/uploadList/:id (multipart `files`, one or more): each file is checked (a type WhatsApp takes, the
 * size by the route), stored in R2 under the company's prefix and added at the end of the list. With `fileId`,
 * the one file replaces that entry's bytes instead. Rights first, then the body.
 */
export async function uploadFileListFiles({ ctx, input }: { ctx: Ctx; input: { id: number; readFiles: () => Promise<{ files: File[]; fileId: number | null; names: string[]; descriptions: string[] }> } }) {
  requireFilesManager(ctx);
  const list = await ownFileList(ctx, input.id);
  const { files, fileId, names, descriptions } = await input.readFiles();
  const accepted = files.map((file) => ({ file, ...acceptedFile(file) }));
  const now = new Date();
  if (fileId) {
    const entry = await ctx.db
      .select()
      .from(fileListOptions)
      .where(and(eq(fileListOptions.id, fileId), eq(fileListOptions.fileListId, list.id)))
      .get();
    if (!entry) throw new AppError("ERR_NO_FILE_LIST_FILE_FOUND");
    const one = accepted[0]!;
    const key = fileListFileKey(ctx.companyId, list.id, entry.id, one.name);
    await ctx.env.MEDIA.put(key, await one.file.arrayBuffer(), { httpMetadata: { contentType: one.type } });
    await ctx.db.update(fileListOptions).set({ path: key, fileName: one.name, mediaType: one.type, size: one.file.size, updatedAt: now }).where(eq(fileListOptions.id, entry.id)).run();
    if (entry.path && entry.path !== key) await removeFiles(ctx, [entry.path]);
  } else {
    const stats = await ctx.db.select({ n: count(), last: max(fileListOptions.position) }).from(fileListOptions).where(eq(fileListOptions.fileListId, list.id)).get();
    if ((stats?.n ?? 0) + accepted.length > MAX_FILE_LIST_FILES) throw new AppError("ERR_FILE_LIST_FULL");
    let position = (stats?.last ?? -1) + 1;
    for (const [i, one] of accepted.entries()) {
      const row = await ctx.db
        .insert(fileListOptions)
        .values({
          companyId: ctx.companyId,
          fileListId: list.id,
          name: (names[i] ?? "").trim().slice(0, 120) || one.name,
          description: (descriptions[i] ?? "").trim().slice(0, 1000),
          fileName: one.name,
          mediaType: one.type,
          size: one.file.size,
          position: position++,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      const key = fileListFileKey(ctx.companyId, list.id, row.id, one.name);
      try {
        await ctx.env.MEDIA.put(key, await one.file.arrayBuffer(), { httpMetadata: { contentType: one.type } });
      } catch (err) {
        await ctx.db.delete(fileListOptions).where(eq(fileListOptions.id, row.id)).run();
        throw err;
      }
      await ctx.db.update(fileListOptions).set({ path: key }).where(eq(fileListOptions.id, row.id)).run();
    }
  }
  const view = await loadFileList(ctx, list.id);
  await publishFileList(ctx, "update", view);
  return view;
}
