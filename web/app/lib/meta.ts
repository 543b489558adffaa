import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { i18n as I18n } from "i18next";
import { createI18n, FALLBACK_LANGUAGE, toLanguage, type Language } from "../i18n";

const instances = new Map<Language, I18n>();

/** A page's <title> in the language the root loader chose: "Usuários · ZapDesk". */
export function pageTitle(matches: ReadonlyArray<{ id: string; data: unknown }>, key: string): MetaDescriptor[] {
  const rootData = matches.find((m) => m.id === "root")?.data as { lang?: string } | undefined;
  const lang = toLanguage(rootData?.lang) ?? FALLBACK_LANGUAGE;
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = createI18n(lang);
    instances.set(lang, i18n);
  }
  return [{ title: `${i18n.t(key)} · ZapDesk` }];
}
