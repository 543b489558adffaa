/** The languages the product speaks to contacts in; the company's `language` setting picks one (default pt-BR). */
export const CONTACT_LANGUAGES = ["pt-BR", "en", "es"] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];
