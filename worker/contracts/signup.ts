import { z } from "zod";
import { platformIdText } from "./ids";
import { emailField, passwordField, personName } from "./users";
import { REQUIRED, NOT_TEXT, TOO_SHORT, TOO_LONG } from "./fieldMessages";

/**
 * POST /api/companies/cadastro (public signup). Only what the visitor chooses: everything that costs money (the
 * trial, the due date, status and recurrence) is decided by the server, and any such field in the body is dropped.
 */
export const signupInput = z.object({
  name: z
    .string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) })
    .trim()
    .min(1, REQUIRED)
    .min(2, TOO_SHORT)
    .max(50, TOO_LONG),
  /** The person signing up, who becomes the company's first admin (the spec's call lacks it: the company's name then). */
  ownerName: personName.optional(),
  email: emailField,
  /** The mask (99) 99999-9999: stored as its digits, at most 11. */
  phone: z
    .string({ error: NOT_TEXT })
    .transform((p) => p.replace(/\D/g, ""))
    .pipe(z.string().max(11, TOO_LONG))
    .default(""),
  password: passwordField,
  planId: platformIdText(REQUIRED),
  /** The Turnstile widget's token (its form field is cf-turnstile-response); required when Turnstile is configured. */
  turnstileToken: z.string().max(4096).optional(),
});
export type SignupInput = z.infer<typeof signupInput>;
