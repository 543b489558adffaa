import { and, gte, like, lt, or, sql, type SQL } from "drizzle-orm";
import { contacts } from "../../db/tenant";
import { ftsQuery } from "../../lib/fts";
import { looksLikePhoneNumber } from "./phoneNumber";

/**
 * The contacts search box: words match name, number and email by prefix through contacts_fts; a term that
 * looks like a phone number also matches stored numbers starting with its digits, typed with or without
 * Brazil's 55 ("(11) 9999" finds 5511999998888), and eight or more digits also match inside a number. Answers undefined for an empty term (no filter) and null
 * when nothing can match.
 */
export function contactSearchWhere(term: string): SQL | undefined | null {
  if (!term) return undefined;
  const match = ftsQuery(term);
  const text = match ? sql`${contacts.id} in (select rowid from contacts_fts where contacts_fts match ${match})` : undefined;
  if (!looksLikePhoneNumber(term)) return text ?? null;
  const digits = term.replace(/\D/g, "");
  const prefixes = digits.startsWith("55") ? [digits] : [digits, `55${digits}`];
  // A range rather than LIKE, so it runs on the (company_id, number) index; ':' sorts right after '9'.
  const byPrefix = prefixes.map((p) => and(gte(contacts.number, p), lt(contacts.number, `${p}:`)));
  // Eight or more digits are a local number typed without its area code ("98765-0001"): match it anywhere in
  // the number. Digits only, so nothing in the pattern is a wildcard; the caller's company filter bounds the scan.
  const inside = digits.length >= 8 ? like(contacts.number, `%${digits}%`) : undefined;
  return or(text, ...byPrefix, inside);
}
