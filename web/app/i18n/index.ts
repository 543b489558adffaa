import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { translation as ptBR } from "./lang/pt-BR.first";
import type { translation as fullPtBR } from "./lang/pt-BR";
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "./languages";

export * from "./languages";

type Translation = typeof fullPtBR;
/** A language's texts as the browser first has them: pt-BR's may lack the features that register theirs later. */
type StartingTranslation = typeof ptBR | Translation;

/**
 * The languages at hand. pt-BR (the fallback) always; the browser loads another when it is shown (loadLanguage), so
 * a page carries one language's texts, not three. The server has them all (language.server.ts adds them).
 */
const resources: Partial<Record<Language, { translation: StartingTranslation }>> = { "pt-BR": { translation: { ...ptBR } } };

/**
 * Adds a feature's pt-BR texts (under its own key) when its code loads: to the instances created from now on and to
 * the tab's. The other languages carry every feature's texts in their one chunk, and the server has them all.
 */
export function addFeatureTexts(feature: string, texts: Record<string, unknown>) {
  const pt = resources["pt-BR"]!.translation as Record<string, unknown>;
  if (pt[feature] === texts) return;
  pt[feature] = texts; // all of them, where the first texts had a part
  if (browserInstance) browserInstance.addResourceBundle("pt-BR", "translation", { [feature]: texts }, true, true);
}

/** Makes a language's texts available to the instances created from now on, and to the tab's. */
export function addLanguage(lang: Language, translation: StartingTranslation) {
  resources[lang] = { translation };
  if (browserInstance && !browserInstance.hasResourceBundle(lang, "translation")) browserInstance.addResourceBundle(lang, "translation", translation);
}

/** Brings a language's texts into the browser (one chunk per language), before anything is shown in it. */
export async function loadLanguage(lang: Language, instance?: I18n): Promise<void> {
  if (!resources[lang]) {
    const { translation } = lang === "en" ? await import("./lang/en") : await import("./lang/es");
    addLanguage(lang, translation);
  }
  if (instance && !instance.hasResourceBundle(lang, "translation")) instance.addResourceBundle(lang, "translation", resources[lang]!.translation);
}

/** Shows the tab in another language, its texts loaded first. */
export async function switchLanguage(instance: I18n, lang: Language): Promise<void> {
  await loadLanguage(lang, instance);
  await instance.changeLanguage(lang);
}

/** A fresh, synchronously initialised instance (the server makes one per request, the browser one per tab). */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ["pt-BR", "en", "es"],
    // A copy: an instance adds bundles to its own store.
    resources: { ...resources },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

let browserInstance: I18n | null = null;

/** The tab's instance; code outside React (the toast error handler) translates through it. */
export function browserI18n(lng: Language = FALLBACK_LANGUAGE): I18n {
  browserInstance ??= createI18n(lng);
  return browserInstance;
}

/** Remembers a language choice for the next visit, in localStorage and in the cookie SSR reads. */
export function rememberLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage disabled: the cookie still carries it
  }
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
