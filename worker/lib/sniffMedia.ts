/**
 * What a file's first bytes say it is, whatever type it was stored under: contacts, users and integrations name
 * the type themselves, so a type is believed only when the bytes agree (see domain/shared/servedMedia.ts).
 */
export type SniffedKind =
  | "png"
  | "jpeg"
  | "gif"
  | "webp"
  | "mp4" // ISO base media (an `ftyp` box): mp4, m4a, 3gp and current QuickTime files
  | "quicktime" // older QuickTime files that open with another top-level atom
  | "webm" // EBML: WebM and Matroska
  | "ogg"
  | "mp3"
  | "aac"
  | "wav"
  | "flac"
  | "pdf"
  | "zip"
  | "html"
  | "svg"
  | "xml"
  | "unknown";

/** How many leading bytes the sniffer looks at (as much as a browser's own sniffer reads, rounded down). */
export const SNIFF_BYTES = 1024;

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function at(head: Uint8Array, offset: number, signature: readonly number[]): boolean {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, i) => head[offset + i] === byte);
}

const SIGNATURES: [SniffedKind, number, number[]][] = [
  ["png", 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["jpeg", 0, [0xff, 0xd8, 0xff]],
  ["gif", 0, ascii("GIF87a")],
  ["gif", 0, ascii("GIF89a")],
  ["webm", 0, [0x1a, 0x45, 0xdf, 0xa3]],
  ["ogg", 0, ascii("OggS")],
  ["mp3", 0, ascii("ID3")],
  ["aac", 0, ascii("ADIF")],
  ["flac", 0, ascii("fLaC")],
  ["pdf", 0, ascii("%PDF-")],
  ["zip", 0, [0x50, 0x4b, 0x03, 0x04]],
  ["mp4", 4, ascii("ftyp")],
  ...["moov", "mdat", "wide", "free", "skip", "pnot"].map((atom): [SniffedKind, number, number[]] => ["quicktime", 4, ascii(atom)]),
];

function riff(head: Uint8Array): SniffedKind | null {
  if (!at(head, 0, ascii("RIFF"))) return null;
  if (at(head, 8, ascii("WEBP"))) return "webp";
  if (at(head, 8, ascii("WAVE"))) return "wav";
  return null;
}

/** An MPEG audio frame header: 11 sync bits, then ADTS (AAC, layer 00) or MPEG layers I–III (mp3). */
function mpegFrame(head: Uint8Array): SniffedKind | null {
  if (head.length < 2 || head[0] !== 0xff || (head[1]! & 0xe0) !== 0xe0) return null;
  if ((head[1]! & 0xf6) === 0xf0) return "aac";
  return (head[1]! & 0x06) !== 0 ? "mp3" : null;
}

/** The head as text, for markup: UTF-16 when it has a UTF-16 byte-order mark, else UTF-8 (a BOM dropped). */
function textOf(head: Uint8Array): string {
  if (at(head, 0, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(head.subarray(2));
  if (at(head, 0, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(head.subarray(2));
  return new TextDecoder("utf-8").decode(head);
}

/**
 * Markup anywhere in the head, not only at its start: old sniffers scanned for tags, and a file need not open with
 * its tag to be dangerous in a browser that renders it as a page.
 */
function markup(text: string): SniffedKind | null {
  if (/<svg[\s>/]/i.test(text)) return "svg";
  if (/<(!doctype\s+html|html|head|body|script|iframe|object|embed|frameset|img|a|div|p|style|title|meta|link|form|h1|br|b|table|font)[\s>/]/i.test(text)) return "html";
  if (/^\s*<\?xml/i.test(text) || /<!doctype|<!entity/i.test(text)) return "xml";
  if (/^\s*<[!?a-z]/i.test(text)) return "html";
  return null;
}

/** The kind of file the first bytes (up to SNIFF_BYTES) show; "unknown" when nothing matches. */
export function sniffMedia(head: Uint8Array): SniffedKind {
  // A UTF-16 byte-order mark (FF FE) also reads as an MPEG frame header: text is looked at first for it.
  const utf16 = at(head, 0, [0xff, 0xfe]) || at(head, 0, [0xfe, 0xff]);
  if (!utf16) {
    for (const [kind, offset, signature] of SIGNATURES) if (at(head, offset, signature)) return kind;
    const binary = riff(head) ?? mpegFrame(head);
    if (binary) return binary;
  }
  return markup(textOf(head.subarray(0, SNIFF_BYTES))) ?? "unknown";
}
