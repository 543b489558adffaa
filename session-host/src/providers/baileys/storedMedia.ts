import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MediaUpload } from "../../bridge/workerClient";

/**
 * Media too big to ride inside its event (BRIDGE_INLINE_MEDIA_BYTES): written to a temporary file while hashed,
 * then uploaded to the worker (PUT /bridge/media/:connectionId), the event naming the key it answered.
 */

/** Resolves to the key the worker stored the file under. */
export type UploadMedia = (upload: MediaUpload) => Promise<string>;

/** About 1 s, 2 s, 4 s: the worker had a hiccup, not an outage worth holding the connection's messages for. */
export const DEFAULT_UPLOAD_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

/** A download that sends nothing for this long is given up on, so it cannot hold the connection's inbound queue. */
export const DEFAULT_DOWNLOAD_STALL_MS = 60_000;

export class MediaTooBigError extends Error {
  constructor(readonly maxBytes: number) {
    super(`media is over ${maxBytes} bytes`);
    this.name = "MediaTooBigError";
  }
}

/** A download to start: given a signal that aborts it (a stall, a shutdown), resolves to the bytes as they come. */
export type OpenDownload = (signal: AbortSignal) => Promise<Readable | AsyncIterable<Uint8Array>>;

/**
 * Downloads into `filePath`, hashing on the way. Past `maxBytes`, after `stallMs` without data (the answer's
 * headers included), or when `signal` aborts, the download is destroyed and this rejects (the caller removes the
 * partial file).
 */
export async function downloadHashedFile(
  open: OpenDownload,
  filePath: string,
  options: { maxBytes: number; stallMs?: number; signal?: AbortSignal },
): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  const stall = new AbortController();
  const stallMs = options.stallMs ?? DEFAULT_DOWNLOAD_STALL_MS;
  let timer: NodeJS.Timeout | undefined;
  const armStallTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(new Error(`media download sent nothing for ${stallMs} ms`)), stallMs);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      armStallTimer();
      size += chunk.length;
      if (size > options.maxBytes) return done(new MediaTooBigError(options.maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;
  armStallTimer();
  try {
    // Raced with the signal, as a downloader may not honour it (Baileys' getHttpStream does not pass it to fetch);
    // a stream that arrives after giving up is destroyed.
    const opening = open(signal);
    opening.then(
      (late) => {
        if (signal.aborted && late instanceof Readable) late.destroy();
      },
      () => undefined,
    );
    const source = await Promise.race([opening, aborted(signal)]);
    const readable = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    await pipeline(readable, meter, createWriteStream(filePath), { signal });
  } catch (error) {
    // pipeline reports an abort as AbortError; the stall's own reason says more.
    throw stall.signal.aborted ? stall.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
  return { size, sha256: hash.digest("hex") };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/**
 * Uploads, retrying failures that may pass by themselves (the bridge client's errors say so with `transient`:
 * worker unreachable, 408, 429, 5xx) after each of `delaysMs`; a refusal (4xx) is final at once.
 */
export async function uploadWithRetries(
  upload: UploadMedia,
  request: MediaUpload,
  options: { delaysMs?: readonly number[]; signal?: AbortSignal; onRetry?: (attempt: number, error: unknown) => void } = {},
): Promise<string> {
  const delays = options.delaysMs ?? DEFAULT_UPLOAD_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await upload({ ...request, signal: options.signal });
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isTransient(error) || options.signal?.aborted) throw error;
      options.onRetry?.(attempt + 1, error);
      await sleep(delay, options.signal);
    }
  }
}

function isTransient(error: unknown): boolean {
  return (error as { transient?: unknown } | null)?.transient === true;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
