import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en";
import { es } from "./es";
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, type Language } from "./languages";
import { ptBR } from "./pt-BR";
import { featureTexts, type FeatureTexts } from "./features";

export * from "./languages";

function withFeatures(lang: keyof FeatureTexts, base: object) {
  return { ...base, ...Object.fromEntries(Object.entries(featureTexts).map(([name, texts]) => [name, texts[lang]])) };
}

const resources = {
  "pt-BR": { translation: withFeatures("pt-BR", ptBR) },
  en: { translation: withFeatures("en", en) },
  es: { translation: withFeatures("es", es) },
};

/** A fresh, synchronously initialised instance (the server makes one per request, the browser one per tab). */
export function createI18n(lng: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ["pt-BR", "en", "es"],
    resources,
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
