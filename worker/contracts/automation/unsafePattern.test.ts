import { describe, expect, it } from "vitest";
import { unsafePattern } from "./unsafePattern";

describe("unsafePattern", () => {
  it("lets plain patterns, classes, alternations, optional groups, lookarounds and lazy quantifiers through", () => {
    for (const pattern of ["pedido\\s*#?\\d{4,8}", "^(oi|olá)\\b", "[a-z()+*]+", "(?:boleto|pix)", "(\\d+)?x", "a+?b", "(?=x)y", "a{2,3}?"]) {
      expect(unsafePattern(pattern), pattern).toBeNull();
    }
  });

  it("refuses a repeated group that holds a quantifier, however deep", () => {
    for (const pattern of ["(a+)+", "(a*)*b", "(x\\d+){2,}", "((ab)+c)*", "(?:a|b+)+"]) {
      expect(unsafePattern(pattern), pattern).toBe("nestedQuantifier");
    }
  });

  it("refuses backreferences, named or numbered", () => {
    expect(unsafePattern("(a)\\1")).toBe("backreference");
    expect(unsafePattern("(?<x>a)\\k<x>")).toBe("backreference");
  });

  it("refuses what is not a regular expression", () => {
    expect(unsafePattern("(abc")).toBe("invalid");
  });
});
