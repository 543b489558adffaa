/** Up to two initials for an avatar without a photo ("Maria da Silva" → "MS"). */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return (
    letters
      .map((w) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ""))[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  );
}
