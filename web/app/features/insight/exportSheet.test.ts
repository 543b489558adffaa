import { describe, expect, it } from "vitest";
import { dashboardCsv } from "./exportSheet";

const tables = [
  { name: "Atendentes", header: ["Nome", "Tempo médio (min)", "Avaliação"], rows: [["José", 12.5, 2.67], ["Ana", null, 3]] },
  { name: "Por dia", header: ["Data", "Criados"], rows: [["2026-11-28", 4]] },
];

describe("the dashboard's CSV export", () => {
  it("opens in Excel in Portuguese: semicolons, decimal commas and a byte-order mark", () => {
    expect(dashboardCsv(tables, "pt-BR")).toBe("\uFEFFNome;Tempo médio (min);Avaliação\r\nJosé;12,5;2,67\r\nAna;;3\r\n\r\nData;Criados\r\n2026-11-28;4\r\n");
  });

  it("uses commas and decimal points in English", () => {
    expect(dashboardCsv(tables, "en")).toContain("José,12.5,2.67\r\n");
  });
});
