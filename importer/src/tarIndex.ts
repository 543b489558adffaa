// Random access to the files of an uncompressed tar (a tar of backend/public): one pass over the headers builds
// an index (path → offset and size, a few dozen bytes a file), then each file is read at its offset.
import { open, type FileHandle } from "node:fs/promises";

export interface TarEntry {
  offset: number;
  size: number;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

function octal(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  return text ? parseInt(text, 8) : 0;
}

function paxPath(data: Buffer): string | null {
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    if (space < 0) break;
    const len = parseInt(data.subarray(pos, space).toString(), 10);
    if (!len) break;
    const record = data.subarray(space + 1, pos + len - 1).toString("utf8");
    if (record.startsWith("path=")) return record.slice(5);
    pos += len;
  }
  return null;
}

/** Strips "./" and a leading folder named `public/` so paths match Messages.mediaUrl. */
export function normalTarPath(name: string): string {
  return name.replace(/^\.\//, "").replace(/^(backend\/)?public\//, "");
}

export class TarIndex {
  private constructor(private file: FileHandle, readonly entries: Map<string, TarEntry>) {}

  static async open(path: string): Promise<TarIndex> {
    const file = await open(path, "r");
    const entries = new Map<string, TarEntry>();
    const header = Buffer.alloc(512);
    let offset = 0;
    let longName: string | null = null;
    for (;;) {
      const { bytesRead } = await file.read(header, 0, 512, offset);
      if (bytesRead < 512 || header.every((b) => b === 0)) break;
      const size = octal(header, 124, 12);
      const type = String.fromCharCode(header[156] || 48);
      const dataAt = offset + 512;
      let name = field(header, 0, 100);
      const prefix = field(header, 345, 155);
      if (field(header, 257, 6).startsWith("ustar") && prefix) name = `${prefix}/${name}`;
      if (type === "L" || type === "x") {
        const data = Buffer.alloc(size);
        await file.read(data, 0, size, dataAt);
        longName = type === "L" ? field(data, 0, size) : paxPath(data);
      } else if (type === "0" || type === "\0" || type === "7") {
        entries.set(normalTarPath(longName ?? name), { offset: dataAt, size });
        longName = null;
      } else longName = null;
      offset = dataAt + Math.ceil(size / 512) * 512;
    }
    return new TarIndex(file, entries);
  }

  async read(path: string): Promise<Buffer | null> {
    const entry = this.entries.get(path);
    if (!entry) return null;
    const data = Buffer.alloc(entry.size);
    await this.file.read(data, 0, entry.size, entry.offset);
    return data;
  }

  async close() {
    await this.file.close();
  }
}
