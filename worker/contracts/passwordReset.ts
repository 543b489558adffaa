import { z } from "zod";
import { passwordField } from "./users";
import { REQUIRED, INVALID_EMAIL } from "./fieldMessages";

const email = z.string().trim().toLowerCase().min(1, REQUIRED).max(254).email(INVALID_EMAIL);

/** Step 1 of /forgetpsw: the e-mail travels in the body (the spec's call had it in the path). */
export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** A new password: the one rule every password meets when it is set (contracts/passwordRule). */
export const newPasswordRules = passwordField;

/** Step 2: e-mail, code and new password, all in the body (never in the URL, unlike the spec's call). */
export const resetPasswordInput = z.object({
  email,
  token: z.string().trim().min(1, REQUIRED).max(200),
  newPassword: newPasswordRules,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** The one answer of step 1, whether or not the e-mail has an account (spec 001 §8's success text). */
export const RESET_REQUESTED_MESSAGE = "Email enviado com sucesso!";
export const PASSWORD_RESET_MESSAGE = "Senha redefinida com sucesso.";
