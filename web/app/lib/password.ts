import type { TFunction } from "i18next";

/** The rule as a form's hint, after what the field itself says (e.g. "leave blank to keep it"). */
export function passwordHint(t: TFunction, before?: string): string {
  return before ? `${before}. ${t("validation.passwordRule")}` : t("validation.passwordRule");
}
