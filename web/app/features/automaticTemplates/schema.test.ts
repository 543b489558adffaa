import { describe, expect, it } from "vitest";
import { defaultParams, formValueOf, NO_TEMPLATE, payloadOf, previewOf } from "./schema";

describe("the automatic templates form", () => {
  it("has a row for every purpose, the chosen ones with their template and values", () => {
    const value = formValueOf([
      {
        purpose: "rating",
        templateId: 9000000000007,
        templateName: "avaliacao",
        params: [{ source: "contactName" }],
      },
    ]);
    expect(value.uses).toHaveLength(7);
    expect(value.uses.find((u) => u.purpose === "rating")).toEqual({
      purpose: "rating",
      templateId: "9000000000007",
      params: [{ source: "contactName" }],
    });
    expect(value.uses.find((u) => u.purpose === "schedule")).toEqual({
      purpose: "schedule",
      templateId: NO_TEMPLATE,
      params: [],
    });
  });

  it("sends no template as null and drops its values", () => {
    const payload = payloadOf({
      uses: [
        {
          purpose: "greeting",
          templateId: NO_TEMPLATE,
          params: [{ source: "message" }],
        },
        {
          purpose: "rating",
          templateId: "9000000000007",
          params: [{ source: "text", text: "Oi" }],
        },
      ],
    });
    expect(payload.uses).toEqual([
      { purpose: "greeting", templateId: null, params: [] },
      {
        purpose: "rating",
        templateId: 9000000000007,
        params: [{ source: "text", text: "Oi" }],
      },
    ]);
  });

  it("starts a template's values with the contact's name and ends with the product's own text", () => {
    expect(defaultParams(3)).toEqual([{ source: "contactName" }, { source: "contactName" }, { source: "message" }]);
    expect(defaultParams(0)).toEqual([]);
  });

  it("previews each variable as where its value comes from, a fixed text as itself", () => {
    const label = (s: string) => s.toUpperCase();
    expect(previewOf("Olá {{1}}, {{2}} — {{3}} {{4}}", [{ source: "contactName" }, { source: "text", text: "Loja Sol" }, { source: "text" }], label)).toBe(
      "Olá [CONTACTNAME], Loja Sol — [TEXT] {{4}}",
    );
  });
});
