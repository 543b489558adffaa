import { sniffMedia, SNIFF_BYTES } from "../../lib/sniffMedia";
import { LOGO_KINDS, type LogoKind } from "../../contracts/views/logos";
import { fieldError } from "../errors";

/**
 * The platform's logos (ADR 0035): the light one (login page and the shell in light mode), the dark one (the shell
 * in dark mode; the light one stands in when there is none) and the favicon. Spec 001's destinations map onto
 * them: signup, login and interno are the light logo; favicon, favicon-256x256 and apple-touch-icon the favicon.
 */
export { LOGO_KINDS, type LogoKind } from "../../contracts/views/logos";

// A Map, not an object: the key is the caller's (a path or query), and `__proto__` or `constructor` must be no kind.
const SPEC_DESTINATIONS = new Map<string, LogoKind>([
  ["signup", "light"],
  ["login", "light"],
  ["interno", "light"],
  ["favicon", "favicon"],
  ["favicon-256x256", "favicon"],
  ["apple-touch-icon", "favicon"],
]);

export function logoKindOf(ref: string | undefined): LogoKind | null {
  if (!ref) return null;
  if ((LOGO_KINDS as readonly string[]).includes(ref)) return ref as LogoKind;
  return SPEC_DESTINATIONS.get(ref) ?? null;
}

/** A logo is small: 512 KB at most. */
export const MAX_LOGO_BYTES = 512 * 1024;

/** The spec's message for any other file type. */
export const LOGO_TYPE_MESSAGE = "Use somente arquivos em formato PNG, ICO ou SVG!";

/**
 * The file's type, from its bytes (never its name or the type the browser claims): PNG, ICO or SVG only (spec 001).
 */
export function logoContentType(head: Uint8Array): string {
  if (head.length >= 4 && head[0] === 0 && head[1] === 0 && head[2] === 1 && head[3] === 0) return "image/x-icon";
  const kind = sniffMedia(head.subarray(0, SNIFF_BYTES));
  if (kind === "png") return "image/png";
  if (kind === "svg") return "image/svg+xml";
  throw fieldError({ file: LOGO_TYPE_MESSAGE });
}

export const logoObjectKey = (kind: LogoKind) => `platform/logos/${kind}`;

/** The public address of a logo; the version makes each upload a new URL, cached for good. */
export const logoUrl = (kind: LogoKind, version: number) => `/api/logos/${kind}?v=${version}`;
