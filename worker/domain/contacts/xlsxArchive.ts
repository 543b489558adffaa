/**
 * An .xlsx is a zip of XML parts. read-excel-file's universal build unzips with fflate, which inflates any part
 * over 512 KB in a Web Worker — and workerd has no Worker ("Worker is not defined" on a sheet of a few
 * thousand rows). So the parts it reads (*.xml, *.xml.rels) are inflated here with the runtime's
 * DecompressionStream and handed on as an archive of stored (uncompressed) parts, which fflate only copies.
 * Inflating here also bounds what a small file may expand to (a zip bomb stops at the budget).
 */

export class ArchiveError extends Error {
  constructor(readonly reason: "invalid" | "tooLarge") {
    super(reason === "invalid" ? "not a readable zip archive" : "the archive expands beyond the budget");
  }
}

interface Part {
  name: Uint8Array;
  utf8: boolean;
  data: Uint8Array;
}

const wanted = (name: string) => name.endsWith(".xml") || name.endsWith(".xml.rels");

export async function storedXlsxArchive(bytes: Uint8Array<ArrayBuffer>, { maxUnpackedBytes }: { maxUnpackedBytes: number }): Promise<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : fail());
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : fail());

  // End of central directory: the last 22 bytes, or before a comment of up to 64 KiB.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail();
  const entries = u16(eocd + 10);
  let at = u32(eocd + 16);
  // ZIP64 markers: a 2 MB spreadsheet never needs them.
  if (entries === 0xffff || at === 0xffffffff) fail();

  const parts: Part[] = [];
  let budget = maxUnpackedBytes;
  const decoder = new TextDecoder();
  for (let i = 0; i < entries; i++) {
    if (u32(at) !== 0x02014b50) fail();
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
    const localOffset = u32(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength);
    at = next;
    if (!wanted(decoder.decode(name))) continue;
    if (flags & 0x1) fail(); // encrypted
    budget -= size;
    if (budget < 0) throw new ArchiveError("tooLarge");
    if (u32(localOffset) !== 0x04034b50) fail();
    const start = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    const raw = bytes.subarray(start, start + compressedSize);
    if (raw.length !== compressedSize) fail();
    let data: Uint8Array;
    if (method === 0) data = raw;
    else if (method === 8) data = await inflateRaw(raw, size);
    else fail();
    if (data.length !== size) fail();
    parts.push({ name, utf8: (flags & 0x800) !== 0, data });
  }
  return storedArchive(parts);
}

function fail(): never {
  throw new ArchiveError("invalid");
}

/** Inflates one part, refusing output beyond its declared size. */
async function inflateRaw(raw: Uint8Array<ArrayBuffer>, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let length = 0;
  const reader = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.length > size) fail();
      out.set(value, length);
      length += value.length;
    }
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    if (err instanceof ArchiveError) throw err;
    fail();
  }
  return out.subarray(0, length);
}

/** A zip of stored parts: local headers and data, then the central directory and its end record. */
function storedArchive(parts: Part[]): ArrayBuffer {
  const localSize = parts.reduce((n, p) => n + 30 + p.name.length + p.data.length, 0);
  const centralSize = parts.reduce((n, p) => n + 46 + p.name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  const crcs = parts.map((p) => crc32(p.data));
  let at = 0;
  parts.forEach((p, i) => {
    offsets.push(at);
    view.setUint32(at, 0x04034b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, p.utf8 ? 0x800 : 0, true);
    view.setUint32(at + 14, crcs[i]!, true);
    view.setUint32(at + 18, p.data.length, true);
    view.setUint32(at + 22, p.data.length, true);
    view.setUint16(at + 26, p.name.length, true);
    out.set(p.name, at + 30);
    out.set(p.data, at + 30 + p.name.length);
    at += 30 + p.name.length + p.data.length;
  });
  const central = at;
  parts.forEach((p, i) => {
    view.setUint32(at, 0x02014b50, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 8, p.utf8 ? 0x800 : 0, true);
    view.setUint32(at + 16, crcs[i]!, true);
    view.setUint32(at + 20, p.data.length, true);
    view.setUint32(at + 24, p.data.length, true);
    view.setUint16(at + 28, p.name.length, true);
    view.setUint32(at + 42, offsets[i]!, true);
    out.set(p.name, at + 46);
    at += 46 + p.name.length;
  });
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, at - central, true);
  view.setUint32(at + 16, central, true);
  return out.buffer;
}

let crcTable: Uint32Array | undefined;
function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
