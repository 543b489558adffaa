import type { TFunction } from "i18next";
import { z } from "zod";
import { newPasswordSchema } from "../../lib/password";
import { PROFILES } from "./profiles";

/** The "no default connection" choice of the connection select (Radix items cannot have an empty value). */
export const NO_CONNECTION = "none";

/**
 * Users changing their own password give the current one too (the server refuses it otherwise): asked here
 * as soon as a new password is typed.
 */
function currentPasswordWithNew(t: TFunction) {
  return (value: { password?: string; currentPassword?: string }, ctx: z.RefinementCtx) => {
    if (value.password && !value.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: t("validation.required") });
    }
  };
}

/**
 * The user form's rules (spec: name 2–50, email required and valid; the one password rule), with the spec's
 * messages. Conform turns empty inputs into undefined, so "required" is the missing-value message. `self`: the
 * actor edits their own user, so a new password takes the current one.
 */
export function userFormSchema(t: TFunction, mode: "create" | "edit", self = false) {
  const required = t("validation.required");
  const password = newPasswordSchema(t);
  const schema = z.object({
    name: z.string({ error: required }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    email: z.string({ error: required }).trim().email(t("validation.invalidEmail")),
    password: mode === "create" ? password : password.optional(),
    // Present only when the acting user may edit them (the dialog leaves the inputs out otherwise).
    profile: z.enum(PROFILES).optional(),
    queueIds: z.array(z.coerce.number().int().positive()).default([]),
    whatsappId: z.preprocess((v) => (v === NO_CONNECTION ? undefined : v), z.coerce.number().int().positive().optional()),
    allTicket: z.boolean().optional(),
    currentPassword: z.string().optional(),
  });
  return self ? schema.superRefine(currentPasswordWithNew(t)) : schema;
}

/** The profile dialog (any user, about themself): name, email, optional new password (with the current one), language. */
export function profileFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    name: z.string({ error: required }).trim().min(2, t("validation.tooShort")).max(50, t("validation.tooLong")),
    email: z.string({ error: required }).trim().email(t("validation.invalidEmail")),
    password: newPasswordSchema(t).optional(),
    currentPassword: z.string().optional(),
    language: z.enum(["pt-BR", "en", "es"]),
  }).superRefine(currentPasswordWithNew(t));
}
