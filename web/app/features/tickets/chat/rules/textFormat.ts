/** WhatsApp's inline formatting, as segments to render (no HTML is ever built from message text). */
export type TextSegment = { type: "text" | "bold" | "italic" | "strike" | "link"; text: string };

const TOKEN = /(https?:\/\/[^\s<]+[^\s<.,;:!?)"'\]])|(\*[^*\n]+\*)|(_[^_\n]+_)|(~[^~\n]+~)/g;

/** The text without its formatting marks (quotes and previews show it on one or two lines). */
export function plainText(text: string): string {
  return formatSegments(text)
    .map((s) => s.text)
    .join("");
}

export function formatSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ type: "text", text: text.slice(last, index) });
    const [token, link, bold, italic] = match;
    if (link) segments.push({ type: "link", text: link });
    else segments.push({ type: bold ? "bold" : italic ? "italic" : "strike", text: token.slice(1, -1) });
    last = index + token.length;
  }
  if (last < text.length) segments.push({ type: "text", text: text.slice(last) });
  return segments;
}
