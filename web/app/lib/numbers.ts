/**
 * Numbers as the user's language writes them ("3,5" and "1.234" in pt-BR and es, "3.5" and "1,234" in en). Always
 * the app's language, never the browser's default: the server renders with the same one, so the markup matches.
 */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    formats.set(key, f);
  }
  return f;
}

/** A count or a measure, with at most `maxDigits` decimals (and at least `minDigits`); "–" for a missing value. */
export function formatNumber(value: number | null | undefined, lang: string, maxDigits = 1, minDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return numberFormat(lang, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits }).format(value);
}

/** A percentage given as 0–100 ("50 %" in pt-BR and es, "50%" in en); "–" for a missing value. */
export function formatPercent(value: number | null | undefined, lang: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return numberFormat(lang, { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
}
