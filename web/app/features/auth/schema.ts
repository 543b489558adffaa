import type { TFunction } from "i18next";
import { z } from "zod";

/**
 * The login form: the same rules as the API's loginInput (worker/contracts/auth), with the messages in the
 * user's language (conform hands empty inputs over as undefined, hence the "required" type message).
 */
export function loginFormSchema(t: TFunction) {
  const required = t("validation.required");
  return z.object({
    email: z.string({ error: required }).trim().min(1, required).max(254).email(t("validation.invalidEmail")),
    password: z.string({ error: required }).min(1, required).max(200),
  });
}
