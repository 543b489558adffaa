import { allowedMediaTypes, MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from "../../contracts/messages";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import type { StoredMedia } from "./sendMessage";

/** A safe object-key segment for a user's file name (spaces and path characters become underscores). */
export function safeName(name: string) {
  const cleaned = name.normalize("NFKC").replace(/[\\/\s\u0000-\u001f"<>|:*?]+/g, "_").slice(-120);
  return cleaned || "file";
}

/** Checks every file before anything is stored: count, size and type. Bad input changes nothing. */
export function assertSendableFiles(files: File[]) {
  if (files.length > MAX_MEDIA_FILES) {
    throw new AppError("ERR_VALIDATION", `Invalid fields: medias`, { fields: { medias: `At most ${MAX_MEDIA_FILES} files` } });
  }
  for (const file of files) {
    if (file.size > MAX_MEDIA_BYTES) {
      throw new AppError("ERR_PAYLOAD_TOO_LARGE", `"${file.name}" is larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB.`, { limit: MAX_MEDIA_BYTES });
    }
    const type = file.type.split(";")[0]!.trim().toLowerCase();
    if (!allowedMediaTypes[type]) {
      throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", `"${file.name}" (${type || "unknown type"}) cannot be sent.`, { mimetype: type });
    }
  }
}

/** A new R2 key for a message's file (under the messages' prefix, so it goes with its message). */
export const newMessageMediaKey = (companyId: number, name: string) => `companies/${companyId}/messages/${crypto.randomUUID()}/${safeName(name)}`;

/** Stores the files in R2 under the company; the caller removes them if the send is then refused. */
export async function storeUploadedMedia(ctx: Pick<Ctx, "env" | "companyId">, files: File[]): Promise<StoredMedia[]> {
  const stored: StoredMedia[] = [];
  for (const file of files) {
    const type = file.type.split(";")[0]!.trim().toLowerCase();
    const key = newMessageMediaKey(ctx.companyId, file.name);
    await ctx.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType: type } });
    stored.push({ key, name: file.name.slice(0, 255), mediaType: allowedMediaTypes[type]! });
  }
  return stored;
}

export async function removeStoredMedia(ctx: Pick<Ctx, "env" | "companyId">, media: StoredMedia[]) {
  if (media.length) await ctx.env.MEDIA.delete(media.map((m) => m.key));
}
