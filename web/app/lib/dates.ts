import { format, parseISO, type Locale } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { es } from "date-fns/locale/es";
import { ptBR } from "date-fns/locale/pt-BR";
import type { Language } from "../i18n/languages";

const locales: Record<Language, Locale> = { "pt-BR": ptBR, en: enUS, es };

export function dateLocale(lang: string): Locale {
  return locales[lang as Language] ?? ptBR;
}

/** A moment (ISO string or epoch ms) with date and time, in the user's language. */
export function formatDateTime(value: string | number, lang: string): string {
  const date = typeof value === "number" ? new Date(value) : parseISO(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return format(date, "Pp", { locale: dateLocale(lang) });
}

