/**
 * Whether a rule's `messageText matches` pattern could make the hub's regular-expression engine backtrack for an
 * exponential time on some text (a contact chooses the text): a repeated group with a repetition or an alternative
 * inside (`(a+)+`, `(a|ab)*`), or a backreference. A reason, or null when the pattern is safe to run on every message.
 */
export function unsafePattern(source: string): string | null {
  // Each open group: whether it holds a repetition or an alternative (at any depth).
  const groups: boolean[] = [false];
  /** The atom just read was a group holding one: repeating it now is the danger. */
  let riskyGroupBefore = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (/[1-9k]/.test(next)) return "backreference";
      i += 2;
      riskyGroupBefore = false;
      continue;
    }
    if (c === "[") {
      i = endOfClass(source, i);
      riskyGroupBefore = false;
      continue;
    }
    if (c === "(") {
      groups.push(false);
      i += 1 + groupPrefixLength(source, i + 1);
      continue;
    }
    if (c === ")") {
      const holds = groups.pop() ?? false;
      if (groups.length === 0) groups.push(false); // unbalanced: the compiler refuses it
      riskyGroupBefore = holds;
      groups[groups.length - 1] ||= holds;
      i += 1;
      continue;
    }
    if (c === "|") {
      groups[groups.length - 1] = true;
      riskyGroupBefore = false;
      i += 1;
      continue;
    }
    const quantifier = quantifierAt(source, i);
    if (quantifier) {
      if (riskyGroupBefore && quantifier.repeats) return "nested repetition";
      groups[groups.length - 1] = true;
      riskyGroupBefore = false;
      i += quantifier.length;
      if (source[i] === "?" || source[i] === "+") i += 1; // lazy or possessive marker
      continue;
    }
    riskyGroupBefore = false;
    i += 1;
  }
  return null;
}

/** `?:`, `?=`, `?!`, `?<=`, `?<!` or `?<name>` after a group's "(": not a quantifier. */
function groupPrefixLength(source: string, i: number): number {
  if (source[i] !== "?") return 0;
  const prefix = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i));
  return prefix ? prefix[0].length : 1;
}

function endOfClass(source: string, open: number): number {
  let i = open + 1;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** A quantifier at `i`: how long it is, and whether it repeats (more than once) rather than only makes optional. */
function quantifierAt(source: string, i: number): { length: number; repeats: boolean } | null {
  const c = source[i];
  if (c === "*" || c === "+") return { length: 1, repeats: true };
  if (c === "?") return { length: 1, repeats: false };
  if (c !== "{") return null;
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  if (!braces) return null;
  const max = braces[2] === undefined ? Number(braces[1]) : braces[3] === "" ? Infinity : Number(braces[3]);
  return { length: braces[0].length, repeats: max > 1 };
}
