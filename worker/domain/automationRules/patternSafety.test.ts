import { describe, expect, it } from "vitest";
import { unsafePattern } from "./patternSafety";

describe("unsafePattern", () => {
  it("lets through what a rule usually matches", () => {
    for (const p of ["preço", "pre[cç]o|valor", "^\\d{3}-\\d{4}$", "(bom dia|boa tarde)", "(?:oi)+", "(ab)?c", "[(+*]+", "\\(a+\\)+", "(a){2}b", "(?<nome>\\w+)"]) {
      expect(unsafePattern(p), p).toBeNull();
    }
  });

  it("finds a repeated group with a repetition or an alternative inside, and backreferences", () => {
    for (const p of ["(a+)+", "^(a*)*$", "(a|ab)*", "((a)+b)*", "(\\w+\\s?)*$", "(x?){2,}", "(?:a+){1,}", "(a)\\1", "(?<x>a)\\k<x>"]) {
      expect(unsafePattern(p), p).not.toBeNull();
    }
  });
});
