import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translation as en } from "../../i18n/lang/en";
import { translation as es } from "../../i18n/lang/es";
import { translation as ptBR } from "../../i18n/lang/pt-BR";
import { settingOptions, valueLabelKey } from "./options";

describe("Settings › Opções", () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { "pt-BR": { translation: ptBR }, en: { translation: en }, es: { translation: es } }, lng: "pt-BR", fallbackLng: false, initAsync: false });

  for (const lng of ["pt-BR", "en", "es"]) {
    it(`names every value of every choice in ${lng}, never showing the raw value`, () => {
      const t = i18n.getFixedT(lng);
      const raw = settingOptions
        .flatMap((o) => (o.kind === "choice" ? o.values.map((value) => ({ key: o.key, value })) : []))
        .filter(({ value }) => {
          const key = valueLabelKey(value);
          return !key || !i18n.exists(key, { lng }) || t(key) === value;
        })
        .map(({ key, value }) => `${key}=${value}`);
      expect(raw).toEqual([]);
    });
  }

  it("says what a missed schedule does in words", () => {
    expect(i18n.getFixedT("pt-BR")(valueLabelKey("send")!)).toBe("Enviar ao voltar");
    expect(i18n.getFixedT("en")(valueLabelKey("mark")!)).toBe("Mark as missed");
  });
});
