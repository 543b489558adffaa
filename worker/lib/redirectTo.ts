/** The public pages: a login never sends anyone back to them (a loop), only to where they were working. */
const PUBLIC_PAGES = ["/login", "/signup", "/forgetpsw"];

/** Stands in for our own origin while a path is resolved: whatever resolves elsewhere is not ours. */
const HERE = "http://here.invalid";

/**
 * Where a login may send the user back to (the page a session ended on, from `?redirectTo=`): a path of this
 * site, as "/tickets/abc?tab=x". Anything that could leave it ("//evil.example", "/\\evil.example",
 * "https://…", "javascript:…"), a public page, or no value at all gives the inbox instead.
 */
export function safeRedirectTo(value: unknown, fallback = "/tickets"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  // A second slash or a backslash after the first would make a browser read a host; control characters hide one.
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  if (PUBLIC_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The `redirectTo` of a page the session ended on: its path and query (without Remix's `_data`), or null for the
 * inbox itself, where a login goes anyway.
 */
export function returnPathOf(requestUrl: string): string | null {
  const url = new URL(requestUrl);
  url.searchParams.delete("_data");
  const path = `${url.pathname}${url.search}`;
  const safe = safeRedirectTo(path, "");
  return safe && safe !== "/tickets" ? safe : null;
}
