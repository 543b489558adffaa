import { describe, expect, it } from "vitest";
import { translation as en } from "./lang/en";
import { translation as es } from "./lang/es";
import { translation as ptBR } from "./lang/pt-BR";

const languages = { "pt-BR": ptBR, en, es } as const;

/** Every string of a translation tree, by its dotted key. */
function texts(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

describe("the translations", () => {
  it("have the same keys in pt-BR, en and es", () => {
    const keys = Object.fromEntries(Object.entries(languages).map(([lng, tree]) => [lng, new Set(texts(tree).map(([k]) => k.replace(pluralSuffix, "")))]));
    const all = new Set(Object.values(keys).flatMap((s) => [...s]));
    const missing = [...all].flatMap((key) => Object.entries(keys).filter(([, set]) => !set.has(key)).map(([lng]) => `${lng} lacks ${key}`));
    expect(missing).toEqual([]);
  });

  // "1 conexões": a text that says a count is chosen by i18next's plural rules, so it needs key_one and key_other.
  for (const [lng, tree] of Object.entries(languages)) {
    it(`says every count in ${lng} with plural forms`, () => {
      const all = texts(tree);
      const keys = new Set(all.map(([k]) => k));
      const lacking = all
        .filter(([key, text]) => /\{\{\s*count\s*\}\}/.test(text) && !pluralSuffix.test(key))
        .map(([key]) => key)
        .filter((key) => !(keys.has(`${key}_one`) && keys.has(`${key}_other`)));
      const halves = all
        .filter(([key]) => /_(one|other)$/.test(key))
        .map(([key]) => key.replace(pluralSuffix, ""))
        .filter((base) => !(keys.has(`${base}_one`) && keys.has(`${base}_other`)));
      expect([...lacking, ...new Set(halves)]).toEqual([]);
    });
  }
});
