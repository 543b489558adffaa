import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translation as en } from "../i18n/lang/en";
import { translation as es } from "../i18n/lang/es";
import { translation as ptBR } from "../i18n/lang/pt-BR";
import { describeErrorCode } from "./errors";

describe("describeErrorCode", () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { "pt-BR": { translation: ptBR }, en: { translation: en }, es: { translation: es } }, lng: "pt-BR", fallbackLng: "pt-BR", initAsync: false, interpolation: { escapeValue: false } });

  for (const lng of ["pt-BR", "en", "es"]) {
    it(`says an expired subscription without a blank where no due date is known (${lng})`, () => {
      const text = describeErrorCode("ERR_SUBSCRIPTION_EXPIRED", i18n.getFixedT(lng));
      expect(text).not.toMatch(/\s[.,!]|\{\{/);
      expect(text.length).toBeGreaterThan(20);
    });
  }

  it("says the due date when it is known", () => {
    expect(describeErrorCode("ERR_SUBSCRIPTION_EXPIRED", i18n.getFixedT("pt-BR"), "2026-03-05")).toContain("05/03/2026");
  });
});
