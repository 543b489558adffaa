import { describe, expect, it } from "vitest";
import { concatBytes, readTar, TAR_BLOCK, tarEnd, tarHeader, tarPadding } from "./tar";

const encoder = new TextEncoder();

function archive(files: [string, Uint8Array][]) {
  const parts: Uint8Array[] = [];
  for (const [name, data] of files) parts.push(tarHeader({ name, size: data.length, mtime: Date.UTC(2026, 10, 29) }), data, tarPadding(data.length));
  parts.push(tarEnd());
  return concatBytes(parts);
}

describe("the tar writer", () => {
  it("writes ustar headers a reader decodes back: name, size, time, checksum, whole blocks", () => {
    const bytes = archive([
      ["manifest.json", encoder.encode('{"a":1}')],
      ["tables/messages.jsonl", encoder.encode('{"x":1}\n')],
      ["empty", new Uint8Array(0)],
    ]);
    expect(bytes.length % TAR_BLOCK).toBe(0);
    const header = bytes.subarray(0, TAR_BLOCK);
    expect(new TextDecoder().decode(header.subarray(257, 263))).toBe("ustar\u0000");
    expect(new TextDecoder().decode(header.subarray(124, 135))).toBe("00000000007");
    const entries = readTar(bytes);
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ["manifest.json", 7],
      ["tables/messages.jsonl", 8],
      ["empty", 0],
    ]);
    expect(entries[0]!.mtime).toBe(Date.UTC(2026, 10, 29));
    expect(new TextDecoder().decode(entries[1]!.data)).toBe('{"x":1}\n');
  });

  it("puts a long name in the prefix field, and one that does not fit in a pax header", () => {
    const prefixed = `media/companies/7/${"d".repeat(90)}/${"f".repeat(60)}.jpg`;
    const pax = `media/companies/7/${"é".repeat(150)}/${"g".repeat(120)}`;
    const bytes = archive([
      [prefixed, encoder.encode("JPEG")],
      [pax, encoder.encode("long")],
    ]);
    // The first entry is one header (prefix + name); the second a pax header, its record and then the entry.
    expect(new TextDecoder().decode(bytes.subarray(345, 345 + 18))).toBe("media/companies/7/");
    expect(String.fromCharCode(bytes[TAR_BLOCK * 2 + 156]!)).toBe("x");
    expect(readTar(bytes).map((e) => e.name)).toEqual([prefixed, pax]);
  });

  it("refuses a header whose checksum is wrong", () => {
    const bytes = archive([["a.txt", encoder.encode("a")]]);
    bytes[0] = "b".charCodeAt(0);
    expect(() => readTar(bytes)).toThrow(/checksum/);
  });
});
