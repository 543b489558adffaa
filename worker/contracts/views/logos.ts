/**
 * The platform's logos (ADR 0035; domain/logos): the light one, the dark one and the favicon.
 */
export const LOGO_KINDS = ["light", "dark", "favicon"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** The public URLs of the uploaded logos; null for a kind never uploaded (the page shows its built-in logo). */
export type LogoUrls = Record<LogoKind, string | null>;
