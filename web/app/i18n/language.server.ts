import { readCookie } from "../../../worker/lib/cookies";
import { addLanguage } from "./index";
import { translation as en } from "./lang/en";
import { translation as es } from "./lang/es";
import { translation as ptBR } from "./lang/pt-BR";
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, fromAcceptLanguage, toLanguage, type Language } from "./languages";

// The server renders in any language: every language's texts are at hand (the browser loads only its own).
addLanguage("pt-BR", ptBR); // the browser starts with part of it (lang/pt-BR.first.ts)
addLanguage("en", en);
addLanguage("es", es);

/**
 * The language a page is rendered in: the user's saved language, else the browser's remembered choice (the
 * cookie mirrors localStorage), else the browser's preference, else pt-BR. The client hydrates with the
 * same value, so server and client markup agree.
 */
export function resolveLanguage(request: Request, userLanguage: string | null | undefined): Language {
  return (
    toLanguage(userLanguage) ??
    toLanguage(readCookie(request.headers.get("cookie"), LANGUAGE_COOKIE)) ??
    fromAcceptLanguage(request.headers.get("accept-language")) ??
    FALLBACK_LANGUAGE
  );
}
