import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translation as en } from "../lang/en";
import { translation as es } from "../lang/es";
import { translation as ptBR } from "../lang/pt-BR";
import mini from "./i18next";

/**
 * The browser renders with ./i18next.ts and the server with i18next itself (vite.config.ts), and the browser
 * hydrates the server's markup: every text must come out the same from both, in every language.
 */
const resources = { "pt-BR": { translation: ptBR }, en: { translation: en }, es: { translation: es } };
const options = {
  fallbackLng: "pt-BR",
  supportedLngs: ["pt-BR", "en", "es"],
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/** Every key whose value is a string, without the plural suffixes i18next picks itself. */
function keysOf(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Values for every {{name}} of a text, some of them left out, null or numbers, as the app passes them. */
const values = { name: "Ana", user: "Bruno", by: "Carla", from: "Vendas", to: "Suporte", query: "zé", min: 3, action: "x", label: "ótimo", id: 7 };

describe("the browser's i18next", () => {
  const real = i18next.createInstance();
  void real.init({ ...options, lng: "pt-BR" });
  const small = mini.createInstance();
  void small.init({ ...options, lng: "pt-BR" });

  for (const lng of ["pt-BR", "en", "es"] as const) {
    it(`says every ${lng} text as i18next does, with and without values and counts`, () => {
      const keys = [...new Set(keysOf(resources[lng].translation).map((k) => k.replace(pluralSuffix, "")))];
      expect(keys.length).toBeGreaterThan(500);
      const tReal = real.getFixedT(lng);
      const tSmall = small.getFixedT(lng);
      const differences: string[] = [];
      for (const key of keys) {
        const cases: (Record<string, unknown> | undefined)[] = [
          undefined,
          values,
          { ...values, name: null },
          ...[0, 1, 2, 5, 21].map((count) => ({ ...values, count })),
          { returnObjects: true },
        ];
        for (const opts of cases) {
          const a = JSON.stringify(tReal(key, opts as never));
          const b = JSON.stringify(tSmall(key, opts as never));
          if (a !== b) differences.push(`${key} ${JSON.stringify(opts)}: i18next ${a}, ours ${b}`);
        }
      }
      expect(differences).toEqual([]);
    });
  }

  it("answers a missing key with the key, or the default value when one is given", () => {
    for (const t of [real.getFixedT("en"), small.getFixedT("en")]) {
      expect(t("no.such.key")).toBe("no.such.key");
      expect(t("no.such.key", { defaultValue: "Padrão" })).toBe("Padrão");
    }
  });
});
