import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api-error";
import { describeErrorCode } from "../../lib/errors";

/** Field names the server may name that have no input of their own map to the closest one. */
const FIELD_ALIASES: Record<string, string> = { queues: "queueIds" };

/**
 * A failed save, as conform shows it: errors the server ties to fields go under those fields (an email
 * already in use goes under email); returns null when the error belongs in a toast instead.
 */
export function fieldErrorsFrom(err: unknown, t: TFunction, known: string[]): Record<string, string[]> | null {
  if (!(err instanceof ApiError)) return null;
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(err.fields)) {
    const name = FIELD_ALIASES[field] ?? field;
    if (known.includes(name)) fieldErrors[name] = [message];
  }
  if (err.code === "ERR_EMAIL_IN_USE" && known.includes("email")) {
    fieldErrors.email = [describeErrorCode(err.code, t)];
  }
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}
