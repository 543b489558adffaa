import { describe, expect, it } from "vitest";
import { readSheet } from "read-excel-file/universal";
import { buildXlsx } from "../../testing/xlsx";
import { ArchiveError, storedXlsxArchive } from "./xlsxArchive";

describe("storedXlsxArchive", () => {
  it("hands read-excel-file an archive it reads without inflating, even with parts over 512 KB", async () => {
    const rows: string[][] = [["Nome", "Número"]];
    for (let i = 0; i < 6000; i++) rows.push([`Pessoa ${i} de nome bem longo para ocupar espaço`, `55119${String(i).padStart(8, "0")}`]);
    const archive = await storedXlsxArchive(await buildXlsx(rows), { maxUnpackedBytes: 32 * 1024 * 1024 });
    const data = await readSheet(archive, { parseNumber: (text: string) => text });
    expect(data).toHaveLength(6001);
    expect(data[6000]).toEqual(["Pessoa 5999 de nome bem longo para ocupar espaço", "5511900005999"]);
  });

  it("stops at the unpacked budget (a small file that expands to a lot)", async () => {
    const rows = Array.from({ length: 2000 }, () => ["a".repeat(200)]);
    const xlsx = await buildXlsx(rows);
    expect(xlsx.length).toBeLessThan(64 * 1024);
    await expect(storedXlsxArchive(xlsx, { maxUnpackedBytes: 64 * 1024 })).rejects.toEqual(new ArchiveError("tooLarge"));
  });

  it("refuses what is not a zip", async () => {
    await expect(storedXlsxArchive(new TextEncoder().encode("PK\x03\x04 not really a zip at all"), { maxUnpackedBytes: 1024 })).rejects.toBeInstanceOf(
      ArchiveError,
    );
  });
});
