/**
 * The one password rule, wherever a password is set: signup, a new company's first admin, the users page, the
 * profile and a password reset (issue 31). Checked only when a password is set: one set before the rule (the demo's
 * "123456") still signs in, since login asks only that it match. No zod here, so the web's forms use it as it is.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The rule in the API's words (the web shows it translated, beside the field: validation.passwordRule). */
export const PASSWORD_RULE_MESSAGE = "At least 8 characters with an uppercase letter, a lowercase letter and a digit";

/** 8 to 128 characters with an uppercase letter, a lowercase letter and a digit (accented letters count). */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}
