import { Hono } from "hono";
import { createFileListInput, listFileListsQuery, MAX_FILE_LIST_FILE_BYTES, MAX_FILE_LIST_FILES, updateFileListInput } from "../../contracts/fileLists";
import { createFileList } from "../../domain/fileLists/createFileList";
import { deleteFileList } from "../../domain/fileLists/deleteFileList";
import { getFileList } from "../../domain/fileLists/getFileList";
import { getFileListFile } from "../../domain/fileLists/getFileListFile";
import { listAllFileLists, listFileLists } from "../../domain/fileLists/listFileLists";
import { updateFileList } from "../../domain/fileLists/updateFileList";
import { uploadFileListFiles } from "../../domain/fileLists/uploadFileListFiles";
import { parsePlatformId } from "../../contracts/ids";
import { AppError } from "../../domain/errors";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppContext, type AppEnv } from "../http";

/**
 * The files of an upload form (spec 002: `files`, with the optional `fileId` it replaces and, per file, `name`
 * and `description`), read only when the verb asks for them (after its checks). The whole body is bounded by the
 * files a list may still take.
 */
const uploadedFiles = (c: AppContext) => async () => {
  const form = await formBody(c, { maxBytes: MAX_FILE_LIST_FILE_BYTES });
  const entries = form.getAll("files");
  if (entries.length === 0) formFile(form, "files", { maxBytes: MAX_FILE_LIST_FILE_BYTES });
  if (entries.length > MAX_FILE_LIST_FILES) throw new AppError("ERR_FILE_LIST_FULL");
  const files = entries.map((entry) => {
    if (!(entry instanceof File) || entry.size === 0) throw new AppError("ERR_VALIDATION", "Invalid fields: files", { fields: { files: "Required" } });
    if (entry.size > MAX_FILE_LIST_FILE_BYTES) throw new AppError("ERR_PAYLOAD_TOO_LARGE", `Each file may have at most ${MAX_FILE_LIST_FILE_BYTES} bytes.`);
    return entry;
  });
  const rawId = form.get("fileId");
  const fileId = typeof rawId === "string" && rawId ? parsePlatformId(rawId.trim()) : null;
  if (fileId === null && typeof rawId === "string" && rawId) throw new AppError("ERR_VALIDATION", "Invalid fields: fileId", { fields: { fileId: "Must be a file id" } });
  if (fileId !== null && files.length !== 1) throw new AppError("ERR_VALIDATION", "Invalid fields: files", { fields: { files: "Replace one file at a time" } });
  const texts = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  return { files, fileId, names: texts("name"), descriptions: texts("description") };
};

/** /api/files: the company's file lists (spec 002), their uploads and their files' bytes. */
export const fileListRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listFileLists({ ctx: c.get("ctx"), input: query(c, listFileListsQuery) })))
  .get("/list", async (c) => c.json(await listAllFileLists({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getFileList({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => c.json(await createFileList({ ctx: c.get("ctx"), input: await jsonBody(c, createFileListInput) }), 201))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateFileList({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, updateFileListInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteFileList({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "File list deleted" });
  })
  .post("/uploadList/:id", async (c) => c.json(await uploadFileListFiles({ ctx: c.get("ctx"), input: { id: idParam(c), readFiles: uploadedFiles(c) } })))
  .get("/:id/options/:optionId/media", async (c) => {
    const { body, headers } = await getFileListFile({ ctx: c.get("ctx"), input: { id: idParam(c), optionId: idParam(c, "optionId") } });
    return c.body(body, 200, headers);
  });
