import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { UpdateFileListInput } from "../../contracts/fileLists";
import { fileListOptions, fileLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { fieldError } from "../errors";
import { assertFreeName, fileListOptionsOf, loadFileList, ownFileList, publishFileList, removeFiles, requireFilesManager } from "./view";

/**
 * PUT /files/:id: name and message; with `options`, the files' names, captions and sending order, and any file
 * left out is deleted (its object too). All of it lands in one transaction.
 */
export async function updateFileList({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateFileListInput } }) {
  requireFilesManager(ctx);
  const current = await ownFileList(ctx, input.id);
  const { patch } = input;
  if (patch.name !== undefined && patch.name !== current.name) await assertFreeName(ctx, patch.name, current.id);
  const existing = await fileListOptionsOf(ctx.db, current.id);
  if (patch.options) {
    const known = new Set(existing.map((o) => o.id));
    const unknown = patch.options.find((o) => !known.has(o.id));
    if (unknown) throw fieldError({ options: `File ${unknown.id} is not in this list` });
    if (new Set(patch.options.map((o) => o.id)).size !== patch.options.length) throw fieldError({ options: "A file appears twice" });
  }
  const now = new Date();
  const keep = patch.options?.map((o) => o.id) ?? existing.map((o) => o.id);
  const dropped = existing.filter((o) => !keep.includes(o.id));
  ctx.db.transaction((tx) => {
    tx.update(fileLists)
      .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.message !== undefined ? { message: patch.message } : {}), userId: ctx.user.id, updatedAt: now })
      .where(and(eq(fileLists.id, current.id), eq(fileLists.companyId, ctx.companyId)))
      .run();
    if (patch.options) {
      if (dropped.length) tx.delete(fileListOptions).where(and(eq(fileListOptions.fileListId, current.id), keep.length ? notInArray(fileListOptions.id, keep) : undefined)).run();
      patch.options.forEach((o, position) =>
        tx
          .update(fileListOptions)
          .set({ name: o.name, description: o.description, position, updatedAt: now })
          .where(and(eq(fileListOptions.fileListId, current.id), inArray(fileListOptions.id, [o.id])))
          .run(),
      );
    }
  });
  await removeFiles(ctx, dropped.map((o) => o.path));
  const view = await loadFileList(ctx, current.id);
  await publishFileList(ctx, "update", view);
  return view;
}
