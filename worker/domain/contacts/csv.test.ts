import { describe, expect, it } from "vitest";
import { csvField, csvLine, parseCsv, unguardCsvField } from "./csv";

describe("csvField", () => {
  it("leaves plain values alone", () => {
    expect(csvField("Maria")).toBe("Maria");
    expect(csvField("5511999998888")).toBe("5511999998888");
    expect(csvField("")).toBe("");
  });

  it("quotes values with quotes, commas and line breaks (RFC 4180)", () => {
    expect(csvField('Ana "Aninha" Souza')).toBe('"Ana ""Aninha"" Souza"');
    expect(csvField("Souza, Ana")).toBe('"Souza, Ana"');
    expect(csvField("linha\nnova")).toBe('"linha\nnova"');
  });

  it("prefixes values a spreadsheet would run as a formula with an apostrophe", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+5511")).toBe("'+5511");
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
  });

  it("ends lines with CRLF", () => {
    expect(csvLine(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });
});

describe("parseCsv", () => {
  it("reads back what csvLine writes, quotes, separators and line breaks included", () => {
    const rows = [
      ["Nome", "Número", "Email"],
      ['Ana "Aninha"', "5511", ""],
      ["Souza, Ana", "linha\nnova", "x@y.z"],
    ];
    expect(parseCsv(`\uFEFF${rows.map(csvLine).join("")}`)).toEqual(rows);
  });

  it("finds a semicolon or tab separator from the first line, and takes LF line ends and a last line without one", () => {
    expect(parseCsv("a;b\n1;2,5")).toEqual([["a", "b"], ["1", "2,5"]]);
    expect(parseCsv("a\tb\r\n1\t2\r\n")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("takes the formula guard off again", () => {
    expect(unguardCsvField("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unguardCsvField("'+5511")).toBe("+5511");
    expect(unguardCsvField("D'Ávila")).toBe("D'Ávila");
    expect(unguardCsvField("'quoted'")).toBe("'quoted'");
  });
});
