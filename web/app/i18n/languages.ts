/** Languages the UI ships; pt-BR is the fallback. Shared by the server (SSR) and the browser. */
export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "pt-BR";

/** The browser keeps the chosen language in localStorage and mirrors it in a cookie so SSR renders the same. */
export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_COOKIE = "zd_lang";

/** "pt", "pt-PT", "en-US", "es-419"… to a shipped language, or null. */
export function toLanguage(raw: string | null | undefined): Language | null {
  if (!raw) return null;
  const tag = raw.trim().toLowerCase();
  if (tag.startsWith("pt")) return "pt-BR";
  if (tag.startsWith("en")) return "en";
  if (tag.startsWith("es")) return "es";
  return null;
}

/** The first supported language of an Accept-Language header (browser preference order). */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag ?? "", q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return null;
}

/** date-fns locale names per language are resolved in ../lib/dates.ts. */
