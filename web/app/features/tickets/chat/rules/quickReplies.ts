/** Spec 000 section 9: the quick-reply menu opens when the text starts with "/" and is longer than 1 character. */
export const QUICK_REPLY_LABEL_MAX = 35;

export function quickReplyQuery(text: string): string | null {
  return text.startsWith("/") && text.length > 1 ? text.slice(1).toLowerCase() : null;
}

export function matchQuickReplies<Q extends { shortcode: string; message: string }>(all: Q[], text: string): Q[] {
  const query = quickReplyQuery(text);
  if (query === null) return [];
  const byShortcode = all.filter((q) => q.shortcode.toLowerCase().startsWith(query));
  const byText = all.filter((q) => !byShortcode.includes(q) && (q.shortcode.toLowerCase().includes(query) || q.message.toLowerCase().includes(query)));
  return [...byShortcode, ...byText];
}

/** "shortcode - message", cut at 35 characters with an ellipsis. */
export function quickReplyLabel(q: { shortcode: string; message: string }): string {
  const label = `${q.shortcode} - ${q.message}`.replace(/\s+/g, " ");
  return label.length > QUICK_REPLY_LABEL_MAX ? `${label.slice(0, QUICK_REPLY_LABEL_MAX)}...` : label;
}
