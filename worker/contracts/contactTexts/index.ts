import { en } from "./en";
import { es } from "./es";
import { ptBR } from "./pt-BR";
import type { ContactLanguage } from "./languages";
import type { ContactTexts } from "./types";

export type { ContactTexts } from "./types";
export { CONTACT_LANGUAGES, type ContactLanguage } from "./languages";

const catalogues: Record<ContactLanguage, ContactTexts> = { "pt-BR": ptBR, en, es };

/** The catalogue of a language; an unknown value (an old or hand-edited setting) falls back to pt-BR. */
export function contactTexts(language: string | null | undefined): ContactTexts {
  return catalogues[language as ContactLanguage] ?? ptBR;
}

/** "*[ 1 ]* - Vendas": one line of a numbered menu, in every language. */
export const menuLine = (option: string, title: string) => `*[ ${option} ]* - ${title}`;

/** The rating prompt: the message (the connection's, else the company's, else the language's own) and the options. */
export function ratingPrompt(texts: ContactTexts, message: string): string {
  const { options } = texts.rating;
  const lines = ([1, 2, 3] as const).map((n) => menuLine(String(n), options[n]));
  return `${message.trim() || texts.rating.message}\n\n${lines.join("\n")}`;
}
