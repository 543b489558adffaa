import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginInput } from "../../../../worker/contracts/auth";
import { blankAsRequired } from "./blankAsRequired";

describe("a contract's text field in a form", () => {
  const schema = z.object({ email: blankAsRequired(loginInput.shape.email) });
  const parse = (email: string) => {
    const form = new FormData();
    form.set("email", email);
    return parseWithZod(form, { schema });
  };

  it("says the contract's Required of a blank input, not zod's type error", () => {
    const submission = parse("");
    expect(submission.status).toBe("error");
    expect("error" in submission && submission.error?.email).toEqual(["Required"]);
  });

  it("keeps the contract's other rules and its value", () => {
    const wrong = parse("not-an-email");
    expect("error" in wrong && wrong.error?.email).toEqual(["Invalid email"]);
    const right = parse(" ana@loja.test ");
    expect(right.status === "success" && right.value.email).toBe("ana@loja.test");
  });
});
