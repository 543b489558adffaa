/**
 * The quick-reply menu opens as soon as the text starts with "/" — "/" alone lists them all, what follows
 * narrows them. (Spec 000 section 9 waited for a second character and cut labels at 35 characters; in use that
 * showed nothing on "/" and labels too short to tell replies apart, so the menu shows each reply's shortcode
 * and the start of its text on two lines.)
 */
export const QUICK_REPLY_PREVIEW_MAX = 140;

export function quickReplyQuery(text: string): string | null {
  return text.startsWith("/") && !text.includes("\n") ? text.slice(1).toLowerCase() : null;
}

export function matchQuickReplies<Q extends { shortcode: string; message: string }>(all: Q[], text: string): Q[] {
  const query = quickReplyQuery(text);
  if (query === null) return [];
  const byShortcode = all.filter((q) => q.shortcode.toLowerCase().startsWith(query));
  const byText = all.filter((q) => !byShortcode.includes(q) && (q.shortcode.toLowerCase().includes(query) || q.message.toLowerCase().includes(query)));
  return [...byShortcode, ...byText];
}

/** The start of a reply's text on one line, long enough to tell replies apart. */
export function quickReplyPreview(q: { message: string }): string {
  const text = q.message.replace(/\s+/g, " ").trim();
  return text.length > QUICK_REPLY_PREVIEW_MAX ? `${text.slice(0, QUICK_REPLY_PREVIEW_MAX).trimEnd()}…` : text;
}
