import { SNIFF_BYTES, sniffMedia, type SniffedKind } from "../../lib/sniffMedia";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/**
 * How every stored file (a contact's, a user's or an integration's) is served from our own origin, where a page
 * would run with the agent's session (ADR 0015). Every media route answers through `servedMedia`.
 */

/**
 * Types shown in the page, with the kinds of bytes each must start with. Only images, audio and video that cannot
 * carry script: no SVG, HTML or XML, and no PDF (Chromium's viewer runs a PDF's JavaScript).
 */
const INLINE_TYPES: Record<string, readonly SniffedKind[]> = {
  "image/png": ["png"],
  "image/jpeg": ["jpeg"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "audio/mpeg": ["mp3"],
  "audio/mp3": ["mp3"],
  "audio/aac": ["aac"],
  "audio/ogg": ["ogg"],
  "audio/opus": ["ogg"],
  "audio/webm": ["webm"],
  "audio/wav": ["wav"],
  "audio/x-wav": ["wav"],
  "audio/mp4": ["mp4"],
  "audio/x-m4a": ["mp4"],
  "audio/flac": ["flac"],
  "video/mp4": ["mp4"],
  "video/3gpp": ["mp4"],
  "video/quicktime": ["mp4", "quicktime"],
  "video/webm": ["webm"],
  "video/ogg": ["ogg"],
};

const DOWNLOAD_TYPE = "application/octet-stream";

/**
 * Shown inline under its own type only when the type is on the list and the bytes agree; anything else is a
 * download of opaque bytes, so no browser (nor a blob: URL the app makes of it) treats it as a page.
 */
export function mediaServing(storedType: string | null | undefined, head: Uint8Array): { disposition: "inline" | "attachment"; contentType: string } {
  const type = (storedType ?? "").split(";")[0]!.trim().toLowerCase();
  // The type is the uploader's: an own key only (`constructor` is no type).
  const kinds = Object.hasOwn(INLINE_TYPES, type) ? INLINE_TYPES[type] : undefined;
  if (kinds?.includes(sniffMedia(head))) return { disposition: "inline", contentType: type };
  return { disposition: "attachment", contentType: DOWNLOAD_TYPE };
}

/** RFC 6266: a plain ASCII `filename` for old clients and the exact name in `filename*` (RFC 8187). */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const name = fileName.normalize("NFC").slice(0, 200) || "file";
  const fallback = name.replace(/[^\x20-\x7e]|["\\/%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The first `bytes` of a stream for sniffing, and the whole stream again (those bytes first) without buffering
 * the rest: a large video costs one chunk of memory, not its size.
 */
async function peek(stream: ReadableStream<Uint8Array>, bytes: number): Promise<{ head: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  let done = false;
  while (read < bytes && !done) {
    const next = await reader.read();
    if (next.done) done = true;
    else {
      chunks.push(next.value);
      read += next.value.byteLength;
    }
  }
  const head = new Uint8Array(Math.min(read, bytes));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= head.length) break;
    head.set(chunk.subarray(0, head.length - offset), offset);
    offset += chunk.byteLength;
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, body };
}

export interface ServedMedia {
  body: ReadableStream;
  headers: Record<string, string>;
}

/**
 * The response for a stored file: its bytes, and headers that never let it run in our origin — inline only for
 * plain media whose bytes match its type (mediaServing), never sniffed by the browser (nosniff), and sandboxed
 * with nothing allowed to load should it be opened as a page anyway (CSP). `maxAge` only for files whose URL
 * never points at other bytes (a message's media); the rest revalidate by etag.
 */
export async function servedMedia({
  object,
  fileName,
  storedType = object.httpMetadata?.contentType,
  maxAge,
}: {
  object: R2ObjectBody;
  fileName: string | null;
  storedType?: string | null;
  maxAge?: number;
}): Promise<ServedMedia> {
  const { head, body } = await peek(object.body, SNIFF_BYTES);
  const { disposition, contentType } = mediaServing(storedType, head);
  return {
    // A fixed-length stream keeps the content-length a rebuilt stream would lose.
    body: body.pipeThrough(new FixedLengthStream(object.size)),
    headers: {
      "content-type": contentType,
      "content-length": String(object.size),
      "content-disposition": contentDisposition(disposition, fileName ?? "file"),
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cross-origin-resource-policy": "same-origin",
      "cache-control": maxAge ? `private, max-age=${maxAge}` : "private, no-cache",
      etag: object.httpEtag,
    },
  };
}

/** A file kept at an R2 key of the company's records (quick messages, queues and what comes), or 404. */
export async function readStoredMedia(ctx: Ctx, key: string | null, fileName: string | null): Promise<ServedMedia> {
  const object = key ? await ctx.env.MEDIA.get(key) : null;
  if (!object) throw new AppError("ERR_NO_MEDIA_FOUND");
  return servedMedia({ object, fileName });
}
