import type { TFunction } from "i18next";
import { z } from "zod";
import { newPasswordSchema } from "../../lib/password";

/** Step 1 of /forgetpsw, as the API's forgotPasswordInput, with the user's language. */
export function forgotFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    email: z.string({ error: required }).trim().min(1, required).max(254).email(t("validation.invalidEmail")),
  });
}

/** Step 2: the API's resetPasswordInput rules plus the confirmation, which only the form has. */
export function resetFormSchema(t: TFunction) {
  const required = t("account.reset.required");
  return z
    .object({
      email: z.string({ error: required }).trim().min(1, required).max(254).email(t("validation.invalidEmail")),
      token: z.string({ error: required }).trim().min(1, required).max(200),
      newPassword: newPasswordSchema(t),
      confirmPassword: z.string({ error: required }),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: t("account.reset.mismatch") });
}

/** The signup form: the API's signupInput rules (spec 001 §5), with the user's language. */
export function signupFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    ownerName: z.string({ error: required }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    name: z.string({ error: required }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    email: z.string({ error: required }).trim().min(1, required).max(254).email(t("validation.invalidEmail")),
    // Optional (conform hands an empty input over as undefined); the API keeps its digits.
    phone: z.string().max(20, t("validation.tooLong")).optional(),
    password: newPasswordSchema(t),
    planId: z.coerce.number({ error: t("account.signup.choosePlan") }).int().positive(t("account.signup.choosePlan")),
    "cf-turnstile-response": z.string().max(4096).optional(),
  });
}

/** The phone mask (99) 99999-9999 as it is typed. */
export function maskPhone(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
