/**
 * A POSIX tar (ustar) writer for Workers: pure functions over bytes, so an archive can be written in pieces (a
 * header, then the entry's bytes in as many slices as it takes, then its padding) across requests or alarm runs.
 * A name that does not fit ustar's name (100 bytes) and prefix (155 bytes) fields, or a size past ustar's 8 GiB,
 * goes in a pax extended header ('x') before the entry, as GNU tar, bsdtar and Node's tar libraries read it.
 */

const encoder = new TextEncoder();
export const TAR_BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

export interface TarEntry {
  name: string;
  size: number;
  /** Modification time, epoch ms. */
  mtime: number;
  /** Unix permission bits; 0o644 unless told. */
  mode?: number;
}

/** The zeros that round an entry of `size` bytes up to whole 512-byte blocks. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK);
}

/** The archive's end: two zero blocks. */
export function tarEnd(): Uint8Array {
  return new Uint8Array(TAR_BLOCK * 2);
}

/** The header block(s) of an entry: a pax header first when the name or size needs one, then the ustar header. */
export function tarHeader(entry: TarEntry): Uint8Array {
  const nameBytes = encoder.encode(entry.name);
  const split = splitName(nameBytes);
  const paxRecords: string[] = [];
  if (!split) paxRecords.push(paxRecord("path", entry.name));
  if (entry.size > MAX_OCTAL_SIZE) paxRecords.push(paxRecord("size", String(entry.size)));
  const ustar = ustarHeader({
    name: split ? split.name : asciiFallback(entry.name, 100),
    prefix: split ? split.prefix : new Uint8Array(0),
    size: entry.size > MAX_OCTAL_SIZE ? 0 : entry.size,
    mtime: entry.mtime,
    mode: entry.mode ?? 0o644,
    type: "0",
  });
  if (paxRecords.length === 0) return ustar;
  const body = encoder.encode(paxRecords.join(""));
  const base = entry.name.split("/").pop() ?? "entry";
  const paxName = asciiFallback(`PaxHeader/${base}`, 100);
  const pax = ustarHeader({ name: paxName, prefix: new Uint8Array(0), size: body.length, mtime: entry.mtime, mode: 0o644, type: "x" });
  return concatBytes([pax, body, tarPadding(body.length), ustar]);
}

/** A pax record: "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`;
  const restLength = encoder.encode(rest).length;
  let digits = String(restLength).length;
  while (String(restLength + digits).length !== digits) digits++;
  return `${restLength + digits}${rest}`;
}

/** ustar's name and prefix for a name that fits them: split at a '/' so the name is ≤ 100 and the prefix ≤ 155 bytes. */
function splitName(bytes: Uint8Array): { name: Uint8Array; prefix: Uint8Array } | null {
  if (bytes.length <= 100) return { name: bytes, prefix: new Uint8Array(0) };
  if (bytes.length > 256) return null;
  for (let i = Math.min(155, bytes.length - 2); i > 0; i--) {
    if (bytes[i] !== 0x2f) continue;
    if (bytes.length - i - 1 > 100) return null;
    return { prefix: bytes.subarray(0, i), name: bytes.subarray(i + 1) };
  }
  return null;
}

/** A name that only a pax record carries in full: its last bytes, so the ustar field still says something. */
function asciiFallback(name: string, max: number): Uint8Array {
  const bytes = encoder.encode(name.replace(/[^\x20-\x7e]/g, "_"));
  return bytes.length <= max ? bytes : bytes.subarray(bytes.length - max);
}

function ustarHeader(h: { name: Uint8Array; prefix: Uint8Array; size: number; mtime: number; mode: number; type: "0" | "x" }): Uint8Array {
  const block = new Uint8Array(TAR_BLOCK);
  block.set(h.name, 0);
  writeOctal(block, 100, 8, h.mode);
  writeOctal(block, 108, 8, 0); // uid
  writeOctal(block, 116, 8, 0); // gid
  writeOctal(block, 124, 12, h.size);
  writeOctal(block, 136, 12, Math.floor(h.mtime / 1000));
  block.fill(0x20, 148, 156); // the checksum's field counts as spaces while summing
  block[156] = h.type.charCodeAt(0);
  block.set(encoder.encode("ustar\u0000"), 257);
  block.set(encoder.encode("00"), 263);
  block.set(encoder.encode("zapdesk"), 265); // uname
  block.set(encoder.encode("zapdesk"), 297); // gname
  block.set(h.prefix, 345);
  let sum = 0;
  for (const b of block) sum += b;
  const checksum = encoder.encode(sum.toString(8).padStart(6, "0"));
  block.set(checksum, 148);
  block[154] = 0;
  block[155] = 0x20;
  return block;
}

/** An octal number of `width - 1` digits and a NUL. */
function writeOctal(block: Uint8Array, offset: number, width: number, value: number) {
  block.set(encoder.encode(Math.max(0, Math.floor(value)).toString(8).padStart(width - 1, "0")), offset);
  block[offset + width - 1] = 0;
}

export function concatBytes(chunks: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const c of chunks) length += c.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** One entry read back by `readTar`. */
export interface TarReadEntry {
  name: string;
  size: number;
  mtime: number;
  data: Uint8Array;
}

/**
 * Reads a whole archive held in memory (tests, and small archives): ustar entries with their prefix, pax 'path' records applied to the entry after them. Throws on a header whose checksum is wrong.
 */
export function readTar(bytes: Uint8Array): TarReadEntry[] {
  const decoder = new TextDecoder();
  const field = (block: Uint8Array, offset: number, width: number) => {
    const raw = block.subarray(offset, offset + width);
    const end = raw.indexOf(0);
    return decoder.decode(end === -1 ? raw : raw.subarray(0, end));
  };
  const entries: TarReadEntry[] = [];
  let pax: Record<string, string> = {};
  for (let at = 0; at + TAR_BLOCK <= bytes.length; ) {
    const block = bytes.subarray(at, at + TAR_BLOCK);
    if (block.every((b) => b === 0)) break;
    let sum = 0;
    for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
    if (parseInt(field(block, 148, 8).trim(), 8) !== sum) throw new Error(`tar: bad header checksum at ${at}`);
    const size = parseInt(field(block, 124, 12), 8);
    const type = String.fromCharCode(block[156]!);
    const prefix = field(block, 345, 155);
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const dataStart = at + TAR_BLOCK;
    const data = bytes.subarray(dataStart, dataStart + size);
    at = dataStart + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    if (type === "x") {
      pax = {};
      for (let p = 0; p < data.length; ) {
        const space = data.indexOf(0x20, p);
        const length = Number(decoder.decode(data.subarray(p, space)));
        const record = decoder.decode(data.subarray(space + 1, p + length - 1));
        const eq = record.indexOf("=");
        pax[record.slice(0, eq)] = record.slice(eq + 1);
        p += length;
      }
      continue;
    }
    entries.push({ name: pax.path ?? name, size, mtime: parseInt(field(block, 136, 12), 8) * 1000, data });
    pax = {};
  }
  return entries;
}
