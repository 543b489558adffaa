import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

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
