import type { TFunction } from "i18next";
import { z } from "zod";
import { meetsPasswordRule, PASSWORD_MAX_LENGTH } from "../../../worker/contracts/passwordRule";

/**
 * A password being set, in a form: the server's one rule (worker/contracts/passwordRule), its message in the user's
 * language. Forms show the same words beside the field (validation.passwordRule) before anything is typed.
 */
export function newPasswordSchema(t: TFunction) {
  const required = t("validation.required");
  return z.string({ error: required }).min(1, required).max(PASSWORD_MAX_LENGTH, t("validation.tooLong")).refine(meetsPasswordRule, t("validation.passwordRule"));
}

/** The rule as a form's hint, after what the field itself says (e.g. "leave blank to keep it"). */
export function passwordHint(t: TFunction, before?: string): string {
  return before ? `${before}. ${t("validation.passwordRule")}` : t("validation.passwordRule");
}
