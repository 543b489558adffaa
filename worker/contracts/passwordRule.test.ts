import { describe, expect, it } from "vitest";
import { createCompanyInput } from "./companies";
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from "./passwordRule";
import { resetPasswordInput } from "./passwordReset";
import { signupInput } from "./signup";
import { createUserInput, updateUserInput } from "./users";

/** Each place a password is set, with everything but the password valid. */
const withPassword = {
  signup: (password: string) => signupInput.safeParse({ name: "Padaria Sol", email: "dono@sol.test", password, planId: "9000000001" }),
  "a new user": (password: string) => createUserInput.safeParse({ name: "Rita", email: "rita@sol.test", password }),
  "a user's or one's own new password": (password: string) => updateUserInput.safeParse({ password }),
  "a new company's first admin": (password: string) =>
    createCompanyInput.safeParse({ name: "Padaria Sol", email: "dono@sol.test", planId: 9000000001, password }),
  "a password reset": (password: string) => resetPasswordInput.safeParse({ email: "dono@sol.test", token: "12345678", newPassword: password }),
};

describe("one password rule wherever a password is set", () => {
  it("asks for 8 or more characters with an uppercase letter, a lowercase letter and a digit (accented letters count)", () => {
    for (const weak of ["12345", "abcdefgh", "ABCDEFG1", "abcdefg1", "Abcdefgh", "Ab1", "A".repeat(64) + "b1".repeat(40)]) expect(meetsPasswordRule(weak), weak).toBe(false);
    for (const strong of ["Segredo1", "ÁrvoreVerde9", "senhaÉ123"]) expect(meetsPasswordRule(strong), strong).toBe(true);
  });

  for (const [where, parse] of Object.entries(withPassword)) {
    it(`${where}: refuses a weak password with the rule's words, and takes a strong one`, () => {
      const weak = parse("senha12");
      expect(weak.success).toBe(false);
      expect(weak.error?.issues.map((i) => i.message)).toContain(PASSWORD_RULE_MESSAGE);
      expect(parse("Segredo12").success, JSON.stringify(parse("Segredo12").error?.issues)).toBe(true);
    });
  }
});
