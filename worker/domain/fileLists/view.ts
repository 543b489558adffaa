import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fileListOptions, fileLists, type FileList, type FileListOption } from "../../db/tenant";
import { allowedMediaTypes } from "../../contracts/messages";
import type { AnyCtx, Ctx } from "../context";
import { requirePermission } from "../context";
import { AppError } from "../errors";
import { mediaFileName } from "../quickMessages/media";
import type { FileListFileView, FileListView } from "../../contracts/views/fileList";

/** R2 keys are prefixed by company (DESIGN: files are served only to the owning company). */
export const fileListFileKey = (companyId: number, fileListId: number, fileId: number, name: string) =>
  `companies/${companyId}/file-lists/${fileListId}/${fileId}/${name}`;

/** Changes are an admin's; reading and downloading are for everyone of the company. */
export function requireFilesManager(ctx: Ctx) {
  requirePermission(ctx, "files:manage");
}

export function presentFile(option: FileListOption): FileListFileView {
  return {
    id: option.id,
    fileListId: option.fileListId,
    name: option.name,
    description: option.description,
    /** The spec's `path`: set once uploaded (the bytes are at GET /files/:id/options/:optionId/media). */
    path: option.path ? option.fileName : "",
    fileName: option.fileName,
    mediaType: option.mediaType,
    size: option.size,
    position: option.position,
  };
}

export function presentFileList(list: FileList, options: FileListOption[]): FileListView {
  return { id: list.id, name: list.name, message: list.message, userId: list.userId, options: options.map(presentFile), updatedAt: list.updatedAt.toISOString() };
}
export type PresentedFileList = FileListView;

export function fileListOptionsOf(db: Db, fileListId: number) {
  return db.select().from(fileListOptions).where(eq(fileListOptions.fileListId, fileListId)).orderBy(asc(fileListOptions.position), asc(fileListOptions.id)).all();
}

/** A list of the company (404 otherwise). */
export async function ownFileList(ctx: Pick<AnyCtx, "db" | "companyId">, id: number) {
  const list = await ctx.db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)))
    .get();
  if (!list) throw new AppError("ERR_NO_FILE_LIST_FOUND");
  return list;
}

export async function loadFileList(ctx: Pick<AnyCtx, "db" | "companyId">, id: number) {
  const list = await ownFileList(ctx, id);
  return presentFileList(list, await fileListOptionsOf(ctx.db, list.id));
}

/** Tells the company's users (the list page and the selectors of queue options and campaigns). */
export async function publishFileList(ctx: Ctx, action: "create" | "update", fileList: PresentedFileList) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "file", action, fileList } }]);
}

/** A file to store: only what WhatsApp takes is accepted, checked by its declared type (and its size by the route). */
export function acceptedFile(file: File): { name: string; type: string } {
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  if (!allowedMediaTypes[type]) {
    throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", `"${mediaFileName(file.name)}" (${type || "unknown type"}) cannot be sent.`, { mimetype: type });
  }
  return { name: mediaFileName(file.name), type };
}

/** Removes stored objects once no row points at them; a failure only leaves an orphan object behind. */
export async function removeFiles(ctx: Pick<AnyCtx, "env" | "companyId">, keys: string[]) {
  const present = keys.filter(Boolean);
  if (present.length === 0) return;
  try {
    await ctx.env.MEDIA.delete(present);
  } catch (err) {
    console.error("file list cleanup failed", { companyId: ctx.companyId, err: String(err) });
  }
}

/** A unique name per company answers 409 rather than the index's error. */
export async function assertFreeName(ctx: Ctx, name: string, exceptId?: number) {
  const same = await ctx.db
    .select({ id: fileLists.id })
    .from(fileLists)
    .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.name, name)))
    .get();
  if (same && same.id !== exceptId) throw new AppError("ERR_DUPLICATED_FILE_LIST");
}
