import type { TFunction } from "i18next";
import { ApiError } from "./api-error";
import { describeErrorCode } from "./errors";
import { FIELD_MESSAGES, type FieldMessageName } from "../../../worker/contracts/fieldMessages";
import { PASSWORD_RULE_MESSAGE } from "../../../worker/contracts/passwordRule";

/** "extraInfo.0.name" (the API's path) → "extraInfo[0].name" (conform's field name). */
export function conformName(path: string): string {
  return path.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/**
 * Translation keys a form may set for the vocabulary's messages, where its spec has a text of its own, and `other`
 * for the server's messages outside the vocabulary on that field ("Must be in the future": "schedules.dialog.past").
 */
export type FieldMessageOverrides = Partial<Record<FieldMessageName | "other", string>>;

/**
 * The one translated error map: each message of the contracts' vocabulary (worker/contracts/fieldMessages.ts),
 * whether the server answered it or the page's own check of the same contract gave it, and its translation key.
 */
const FIELD_MESSAGE_KEYS: Record<FieldMessageName, string> = {
  required: "validation.required",
  notText: "validation.invalid",
  tooShort: "validation.tooShort",
  tooLong: "validation.tooLong",
  invalidEmail: "validation.invalidEmail",
  invalidTime: "validation.invalidTime",
  bothTimes: "validation.bothTimes",
};
/** Contract messages outside the vocabulary that a form shows in words of its own: the one password rule. */
const CONTRACT_MESSAGE_KEYS: Record<string, string> = { [PASSWORD_RULE_MESSAGE]: "validation.passwordRule" };
const nameOf = new Map(Object.entries(FIELD_MESSAGES).map(([name, message]) => [message as string, name as FieldMessageName]));

/**
 * A page's own rule whose text takes values ("O arquivo tem mais de {{size}}."): the message a zod check gives,
 * read back by fieldMessage as the key and its values.
 */
export function messageWith(key: string, values: Record<string, string | number>): string {
  return `${key} ${JSON.stringify(values)}`;
}
const WITH_VALUES = /^(\S+) (\{.*\})$/;
/** A page's key (or messageWith's key and values) in the user's language; `fallback` when it is no key. */
function pageText(message: string, t: TFunction, fallback?: string): string {
  const withValues = WITH_VALUES.exec(message);
  if (withValues) return t(withValues[1]!, { ...(JSON.parse(withValues[2]!) as object), defaultValue: fallback });
  return t(message, { defaultValue: fallback });
}

/**
 * One way for every form: a message of the vocabulary, from the page's own check or from the server, is shown in the
 * user's language (with the form's own text where it overrides one); a page's own rule gives a translation key as
 * its message; any other message reads the field's `other` text, or "invalid value", never the API's English text.
 */
export function fieldMessage(message: string, t: TFunction, overrides: FieldMessageOverrides = {}): string {
  // "Too Long! (max 4096)" is the vocabulary's "Too Long!" with its limit (tooLongAt).
  const name = nameOf.get(message.replace(/ \(max \d+\)$/, ""));
  if (name) {
    const own = overrides[name];
    return own ? pageText(own, t) : t(FIELD_MESSAGE_KEYS[name]);
  }
  if (CONTRACT_MESSAGE_KEYS[message]) return t(CONTRACT_MESSAGE_KEYS[message]);
  const invalid = overrides.other ? pageText(overrides.other, t) : t("validation.invalid");
  return pageText(message, t, invalid);
}

/**
 * A client check's submission with its messages translated in place (conform's reply reads the same object), for
 * `onValidate`: `translateSubmission(parseWithZod(formData, { schema }), t)`.
 */
export function translateSubmission<S extends object>(
  submission: S,
  t: TFunction,
  overrides?: FieldMessageOverrides | ((field: string) => FieldMessageOverrides | undefined),
): S {
  const error = "error" in submission ? (submission.error as Record<string, string[] | null> | null | undefined) : undefined;
  if (!error) return submission;
  for (const [field, messages] of Object.entries(error)) {
    const own = typeof overrides === "function" ? overrides(field) : overrides;
    if (messages) error[field] = messages.map((message) => fieldMessage(message, t, own));
  }
  return submission;
}

/**
 * A failed save, as conform shows it: errors the server ties to fields go under those fields, and conflict
 * codes that belong to one field (a duplicated number, a tag name in use, or an error whose body names its `field`:
 * a queue that is gone) go under it; null when the error belongs in a toast instead.
 */
export function fieldErrorsFrom(
  err: unknown,
  t: TFunction,
  fields: string[] | ((name: string) => boolean),
  codeFields: Record<string, string> = {},
  /** Server field names with no input of their own, mapped to the closest input ({ queues: "queueIds" }). */
  aliases: Record<string, string> = {},
  overrides: FieldMessageOverrides | ((field: string) => FieldMessageOverrides | undefined) = {},
): Record<string, string[]> | null {
  if (!(err instanceof ApiError)) return null;
  const known = typeof fields === "function" ? fields : (name: string) => fields.includes(name);
  const fieldErrors: Record<string, string[]> = {};
  for (const [path, message] of Object.entries(err.fields)) {
    const name = aliases[path] ?? conformName(path);
    if (known(name)) fieldErrors[name] = [fieldMessage(message, t, typeof overrides === "function" ? overrides(name) : overrides)];
  }
  // The field the server names wins over the form's map: one code can belong to different inputs (a name taken, a number taken).
  const named = typeof err.body.field === "string" ? (aliases[err.body.field] ?? conformName(err.body.field)) : undefined;
  const field = err.code ? (named ?? codeFields[err.code]) : undefined;
  if (field && known(field)) fieldErrors[field] = [describeErrorCode(err.code, t)];
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}
