import { z } from "zod";

/**
 * The one id contract of the platform: what an id the platform issues is, and how one is read, on every side (the
 * worker's routes and contracts, the Remix pages, the session host's bridge and simulator, scripts and benches).
 * Nothing else parses an id with a pattern of its own.
 *
 * Ids are platform-wide: company N numbers its rows from (N - 1) × ID_RANGE + 1 (worker/hub/provision), so with
 * 10,000 companies ids reach 10^13. An id is any positive safe integer (up to 2^53 - 1, 16 digits): never assume it
 * fits 9 digits or 32 bits.
 */

/** Each company's rows take ids from a range of its own, this wide. */
export const ID_RANGE = 1_000_000_000;

/** The last id before company `companyId`'s range (its first row is this + 1). */
export function idRangeStart(companyId: number): number {
  return (companyId - 1) * ID_RANGE;
}

/** The company whose range holds `id`. */
export function companyOfId(id: number): number {
  return Math.floor((id - 1) / ID_RANGE) + 1;
}

/** A positive safe integer, written in decimal without sign, spaces or leading zeros. */
const ID_TEXT = /^[1-9][0-9]{0,15}$/;

/** Whether `value` is an id the platform could have issued. */
export function isPlatformId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/**
 * Reads an id from a path segment, a query value or a form field (or passes a number through): the id, or null
 * for anything else ("", "0", "01", "1e3", "-1", "12abc", a number past 2^53).
 */
export function parsePlatformId(raw: unknown): number | null {
  if (typeof raw === "number") return isPlatformId(raw) ? raw : null;
  if (typeof raw !== "string" || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return isPlatformId(id) ? id : null;
}

/** An id in a JSON body: a number, positive and safe. `missing` is the message when the field is absent. */
export const platformId = (message = "Must be an id", missing = message) =>
  z.number({ error: (iss) => (iss.input === undefined ? missing : message) }).refine(isPlatformId, message);

/**
 * An id that may come as text (a query string, a form field, a select's value) or as a number; surrounding spaces
 * are ignored.
 */
export const platformIdText = (message = "Must be an id", missing = message) =>
  z.union([z.number(), z.string()], { error: (iss) => (iss.input === undefined ? missing : message) }).transform((value, ctx) => {
    const id = parsePlatformId(typeof value === "string" ? value.trim() : value);
    if (id === null) {
      ctx.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return id;
  });
