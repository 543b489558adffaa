/**
 * Turns what a person typed into a safe FTS5 query: each word becomes a quoted prefix term, so operators and
 * quotes in the input cannot change the query's meaning. Returns null when nothing searchable is left.
 */
export function ftsQuery(input: string): string | null {
  const words = input
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(" ");
}
