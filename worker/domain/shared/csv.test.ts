import { describe, expect, it } from "vitest";
import { parseCsv } from "../contacts/csv";
import { csvDialect, csvDocument, csvField, csvRow } from "./csv";

describe("the CSV writer", () => {
  it("writes semicolons and decimal commas for pt-BR and es, commas and points for en", () => {
    expect(csvRow(["Ana", 3.5, 12], csvDialect("pt-BR"))).toBe("Ana;3,5;12\r\n");
    expect(csvRow(["Ana", 3.5, 12], csvDialect("es"))).toBe("Ana;3,5;12\r\n");
    expect(csvRow(["Ana", 3.5, 12], csvDialect("en"))).toBe("Ana,3.5,12\r\n");
  });

  it("quotes a field holding the dialect's separator, a quote or a line break, and leaves the other separator alone", () => {
    const pt = csvDialect("pt-BR");
    expect(csvField("Souza; Ana", pt)).toBe('"Souza; Ana"');
    expect(csvField("Souza, Ana", pt)).toBe("Souza, Ana");
    expect(csvField('Ana "Aninha"', pt)).toBe('"Ana ""Aninha"""');
    expect(csvField("Souza, Ana", csvDialect("en"))).toBe('"Souza, Ana"');
  });

  it("guards a text a spreadsheet would run as a formula, but not a negative number", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField(-1.5, csvDialect("pt-BR"))).toBe("-1,5");
  });

  it("starts the document with a byte-order mark so Excel reads accents", () => {
    const doc = csvDocument([["Nome", "Número"], ["José", "5511999998888"]], csvDialect("pt-BR"));
    expect(doc.startsWith("\uFEFFNome;Número\r\n")).toBe(true);
    expect(doc.endsWith("José;5511999998888\r\n")).toBe(true);
  });

  it("writes what the import reads back, in every dialect", () => {
    const rows = [["Nome", "Número"], ["Souza; Ana", "55,11"], ['"Zé"', "linha\nnova"]];
    for (const lang of ["pt-BR", "es", "en"]) expect(parseCsv(csvDocument(rows, csvDialect(lang)))).toEqual(rows);
  });
});
