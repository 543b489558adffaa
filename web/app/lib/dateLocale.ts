import { type Locale } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { es } from "date-fns/locale/es";
import { ptBR } from "date-fns/locale/pt-BR";
import type { Language } from "../i18n/languages";

// Apart from lib/dates.ts (plain Intl, on the inbox's first screen): date-fns's locales load only with the pages
// that use date-fns (calendars, relative times).
const locales: Record<Language, Locale> = { "pt-BR": ptBR, en: enUS, es };

/** date-fns's locale for the user's language (pt-BR when unknown). */
export function dateLocale(lang: string): Locale {
  return locales[lang as Language] ?? ptBR;
}
