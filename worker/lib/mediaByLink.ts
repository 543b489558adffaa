import { allowedMediaTypes, MAX_MEDIA_BYTES } from "../contracts/messages";
import { EgressError, egressFetch, redact, type EgressPolicy } from "./egress";
import { sniffMedia, type SniffedKind } from "./sniffMedia";

/**
 * A file fetched by its link (a Typebot bubble's media today; any later "media by URL"), through the egress guard
 * (ADR 0043), up to the app's media cap. What it is comes from its bytes, never from the Content-Type the other
 * server sent: an image bubble must hold an image, and markup (HTML, SVG, XML) is never stored as a message's file.
 */
export type LinkedMediaKind = "image" | "audio" | "video" | "file";

export type LinkedMedia =
  | { ok: true; bytes: Uint8Array; contentType: string; mediaType: "image" | "audio" | "video" | "application" }
  | { ok: false; reason: LinkedMediaRefusal; detail: string };

/** forbidden: the guard refused the address (or a redirect's); the rest: it could not be, or was not, such a file. */
export type LinkedMediaRefusal = "forbidden" | "unreachable" | "too_large" | "type";

type Stored = [contentType: string, mediaType: "image" | "audio" | "video" | "application"];

/** The type a file is stored under, by what its bytes are and what the link promised. */
const BY_KIND: Partial<Record<SniffedKind, (expected: LinkedMediaKind) => Stored>> = {
  png: () => ["image/png", "image"],
  jpeg: () => ["image/jpeg", "image"],
  gif: () => ["image/gif", "image"],
  webp: () => ["image/webp", "image"],
  ogg: (e) => (e === "video" ? ["video/ogg", "video"] : ["audio/ogg", "audio"]),
  mp3: () => ["audio/mpeg", "audio"],
  aac: () => ["audio/aac", "audio"],
  wav: () => ["audio/wav", "audio"],
  flac: () => ["audio/flac", "audio"],
  mp4: (e) => (e === "audio" ? ["audio/mp4", "audio"] : ["video/mp4", "video"]),
  quicktime: () => ["video/quicktime", "video"],
  webm: (e) => (e === "audio" ? ["audio/webm", "audio"] : ["video/webm", "video"]),
  pdf: () => ["application/pdf", "application"],
  zip: () => ["application/zip", "application"],
};

/** What each kind of link may hold. */
const ACCEPTS: Record<LinkedMediaKind, (stored: Stored) => boolean> = {
  image: ([, m]) => m === "image",
  audio: ([, m]) => m === "audio",
  video: ([, m]) => m === "video",
  file: () => true,
};

const MARKUP: ReadonlySet<SniffedKind> = new Set(["html", "svg", "xml"]);

export async function fetchMediaByLink(egress: EgressPolicy, url: string, expected: LinkedMediaKind, opts: { timeoutMs: number }): Promise<LinkedMedia> {
  let res;
  try {
    res = await egressFetch(egress, url, { method: "GET" }, { timeoutMs: opts.timeoutMs, maxBytes: MAX_MEDIA_BYTES });
  } catch (err) {
    if (err instanceof EgressError) return { ok: false, reason: err.reason === "too_large" ? "too_large" : "forbidden", detail: err.message };
    return { ok: false, reason: "unreachable", detail: `${redact(url)} could not be fetched` };
  }
  if (!res.ok || res.bytes.byteLength === 0) return { ok: false, reason: "unreachable", detail: `${redact(url)} answered ${res.status}${res.ok ? " with nothing" : ""}` };
  const kind = sniffMedia(res.bytes.subarray(0, 1024));
  const declared = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const stored = storedAs(kind, declared, expected);
  if (!stored || !ACCEPTS[expected](stored)) return { ok: false, reason: "type", detail: `${redact(url)} does not hold what a ${expected} link must (its bytes are ${kind})` };
  return { ok: true, bytes: res.bytes, contentType: stored[0], mediaType: stored[1] };
}

function storedAs(kind: SniffedKind, declared: string, expected: LinkedMediaKind): Stored | null {
  if (MARKUP.has(kind)) return null;
  // Office files are zips (or old OLE files the sniffer does not know): their declared type is kept when it is a
  // document type we send, since the bytes already said it is no page.
  const document = allowedMediaTypes[declared] === "application" ? declared : null;
  if (kind === "zip" && document) return [document, "application"];
  const known = BY_KIND[kind];
  if (known) return known(expected);
  return expected === "file" ? [document ?? "application/octet-stream", "application"] : null;
}
