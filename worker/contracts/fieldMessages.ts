import { z } from "zod";

/**
 * The one vocabulary of field messages: what the API answers under `fields` of an ERR_VALIDATION, and what a web
 * form's client check gives, since both parse with the same contract. The words are the spec's (001 and 002:
 * 'Required', 'Too Short!', 'Too Long!', 'Invalid email'); the web shows each one in the user's language through one
 * map (web/app/lib/form-errors.ts, typed over this list), and a form whose spec gives it a text of its own (tags'
 * 'Mensagem muito curta') overrides it there, not here. Other messages (a colour, a date) stay plain English and
 * read as "invalid value" in a form.
 */
export const REQUIRED = "Required";
export const NOT_TEXT = "Must be text";
export const TOO_SHORT = "Too Short!";
export const TOO_LONG = "Too Long!";
export const INVALID_EMAIL = "Invalid email";
/** Service hours (a company's, a queue's): a time that is not HH:MM, and a day with one time only. */
export const INVALID_TIME = "Must be a time HH:MM";
export const BOTH_TIMES = "Give both times or neither";

export const FIELD_MESSAGES = {
  required: REQUIRED,
  notText: NOT_TEXT,
  tooShort: TOO_SHORT,
  tooLong: TOO_LONG,
  invalidEmail: INVALID_EMAIL,
  invalidTime: INVALID_TIME,
  bothTimes: BOTH_TIMES,
} as const;
export type FieldMessageName = keyof typeof FIELD_MESSAGES;

/** `error` for a value that must be given: "Required" when absent (or null), `other` when of another kind. */
export const requiredOr = (other: string) => (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : other);

/** Text that must be given: "Required" when absent, "Must be text" when of another type; trimmed. */
export const requiredText = () => z.string({ error: requiredOr(NOT_TEXT) }).trim();

/** A required text of `min` to `max` characters once trimmed (blank is "Required", short "Too Short!"). */
export const boundedText = (min: number, max: number) => requiredText().min(1, REQUIRED).min(min, TOO_SHORT).max(max, TOO_LONG);

/** Optional free text of at most `max` characters. */
export const optionalText = (max: number) => z.string({ error: NOT_TEXT }).max(max, TOO_LONG);

/** "Too Long! (max 4096)": the limit named, where a caller of the API cannot see it in a form. */
export const tooLongAt = (max: number) => `${TOO_LONG} (max ${max})`;
