import { z } from "zod";
import { NOT_TEXT, requiredOr } from "../../../../worker/contracts/fieldMessages";

/**
 * Conform hands a blank input over as absent; a contract field that says "Required" only of an empty text (the login's,
 * the password reset's) would answer zod's type error. Here an absent value is the vocabulary's "Required", and a
 * given one goes on to the contract's field (its rules, its messages, its value).
 */
export function blankAsRequired<Field extends z.ZodType<unknown, string>>(field: Field) {
  return z.string({ error: requiredOr(NOT_TEXT) }).pipe(field);
}
