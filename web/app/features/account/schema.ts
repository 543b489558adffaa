import { z } from "zod";
import { REQUIRED } from "../../../../worker/contracts/fieldMessages";
import { platformIdText } from "../../../../worker/contracts/ids";
import { forgotPasswordInput, resetPasswordInput } from "../../../../worker/contracts/passwordReset";
import { signupInput } from "../../../../worker/contracts/signup";
import { blankAsRequired } from "../../components/form/blankAsRequired";

/** Step 1 of /forgetpsw: the API's forgotPasswordInput. */
export const forgotFormSchema = z.object({ email: blankAsRequired(forgotPasswordInput.shape.email) });

/** Step 2: the API's resetPasswordInput plus the confirmation, which only the form has. */
export const resetFormSchema = z
  .object({
    email: blankAsRequired(resetPasswordInput.shape.email),
    token: blankAsRequired(resetPasswordInput.shape.token),
    newPassword: resetPasswordInput.shape.newPassword,
    confirmPassword: z.string({ error: REQUIRED }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "account.reset.mismatch" });

/** The reset form's own text for a blank field (the new password keeps the common one). */
export const RESET_FORM_MESSAGES = (field: string) => (field === "newPassword" ? undefined : { required: "account.reset.required" });

const CHOOSE_PLAN = "account.signup.choosePlan";

/**
 * The signup form: the API's signupInput (spec 001 §5). The form's own: the person's name is asked (the API takes it
 * as optional), the plan select's message, and the Turnstile widget's field name.
 */
export const signupFormSchema = signupInput.pick({ name: true, email: true, phone: true, password: true }).extend({
  ownerName: signupInput.shape.ownerName.unwrap(),
  planId: platformIdText(CHOOSE_PLAN, CHOOSE_PLAN),
  "cf-turnstile-response": signupInput.shape.turnstileToken,
});

/** The phone mask (99) 99999-9999 as it is typed. */
export function maskPhone(raw: string): string {
  const d = raw.replace(/\D/g, "").slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
