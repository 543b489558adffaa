import type { TFunction } from "i18next";
import { ApiError } from "./api-error";
import { describeErrorCode } from "./errors";

/** "extraInfo.0.name" (the API's path) → "extraInfo[0].name" (conform's field name). */
export function conformName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** The API's field messages (worker/contracts: zod's, in English) that have a translation of their own. */
const SERVER_MESSAGES: Record<string, string> = {
  Required: "validation.required",
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  "Invalid email": "validation.invalidEmail",
};

/**
 * One way for every form: the page validates with messages in the user's language, and what the server still
 * refuses under a field is shown in that language too (a message it knows, else "invalid value"), never as the
 * API's English text.
 */
export function fieldMessage(serverMessage: string, t: TFunction): string {
  return t(SERVER_MESSAGES[serverMessage] ?? "validation.invalid");
}

/**
 * A failed save, as conform shows it: errors the server ties to fields go under those fields, and conflict
 * codes that belong to one field (a duplicated number, a tag name in use) go under it; null when the error
 * belongs in a toast instead.
 */
export function fieldErrorsFrom(
  err: unknown,
  t: TFunction,
  fields: string[] | ((name: string) => boolean),
  codeFields: Record<string, string> = {},
  /** Server field names with no input of their own, mapped to the closest input ({ queues: "queueIds" }). */
  aliases: Record<string, string> = {},
): Record<string, string[]> | null {
  if (!(err instanceof ApiError)) return null;
  const known = typeof fields === "function" ? fields : (name: string) => fields.includes(name);
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, message] of Object.entries(err.fields)) {
    const name = aliases[path] ?? conformName(path);
    if (known(name)) fieldErrors[name] = [fieldMessage(message, t)];
  }
  const field = err.code ? codeFields[err.code] : undefined;
  if (field && known(field)) fieldErrors[field] = [describeErrorCode(err.code, t)];
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}
