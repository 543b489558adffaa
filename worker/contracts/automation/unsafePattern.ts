/**
 * Why a `messageText matches` pattern may not be saved, or null when it may. The hub runs these expressions on every
 * contact message of the company, and JavaScript cannot stop a regular expression that backtracks for ever, so the
 * shapes that can (a quantified group that itself holds a quantifier, as in `(a+)+`, and backreferences) are refused
 * when the rule is saved, and an invalid expression with them. Pure: the rules' verbs and the engine both ask it.
 */
export type UnsafePatternReason = "invalid" | "nestedQuantifier" | "backreference";

export function unsafePattern(pattern: string): UnsafePatternReason | null {
  try {
    new RegExp(pattern, "u");
  } catch {
    return "invalid";
  }
  // For each open group: whether a quantifier was seen inside it.
  const groups: boolean[] = [];
  let inClass = false;
  let lastClosedGroupHadQuantifier = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const afterGroup = lastClosedGroupHadQuantifier;
    lastClosedGroupHadQuantifier = false;
    if (c === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && (/[1-9]/.test(next) || next === "k")) return "backreference";
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") groups.push(false);
    else if (c === ")") {
      const hadQuantifier = groups.pop() ?? false;
      if (hadQuantifier && groups.length > 0) groups[groups.length - 1] = true;
      lastClosedGroupHadQuantifier = hadQuantifier;
    } else if (isQuantifier(pattern, i)) {
      // `?` after a group's opening paren or after another quantifier is syntax (lookaround, lazy), not repetition.
      if (c === "?" && (pattern[i - 1] === "(" || isQuantifierEnd(pattern, i - 1))) continue;
      // An optional group (`(a+)?`) runs at most once: only a repeated one backtracks without end.
      if (afterGroup && c !== "?") return "nestedQuantifier";
      if (groups.length > 0) groups[groups.length - 1] = true;
    }
  }
  return null;
}

function isQuantifier(pattern: string, i: number) {
  const c = pattern[i];
  return c === "*" || c === "+" || c === "?" || (c === "{" && /^\{\d+(,\d*)?\}/.test(pattern.slice(i)));
}

function isQuantifierEnd(pattern: string, i: number) {
  const c = pattern[i];
  return c === "*" || c === "+" || c === "}";
}
