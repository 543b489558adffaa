/**
 * WhatsApp's inline formatting — *bold*, _italic_, ~strike~ (nestable) and ```monospace``` — and links, parsed
 * into a tree to render as React elements. No HTML is ever built from message text.
 */
export type TextNode =
  | { type: "text" | "link" | "mono"; text: string }
  | { type: "bold" | "italic" | "strike"; children: TextNode[] };

const STYLE = { "*": "bold", _: "italic", "~": "strike" } as const;

/**
 * Monospace first (its content stays as typed, over several lines too), then links, then a styled run: a mark
 * that does not touch a letter or digit outside, opens on a non-space and closes after one, on one line.
 */
const TOKEN =
  /(```[\s\S]+?```)|(https?:\/\/[^\s<]+[^\s<.,;:!?)"'\]])|(?<![\p{L}\p{N}])([*_~])(?![\s*_~])([^\n]*?[^\s\\])\3(?![\p{L}\p{N}])/gu;

export function parseFormatting(text: string): TextNode[] {
  const nodes: TextNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push({ type: "text", text: text.slice(last, index) });
    const [token, mono, link, mark, inner] = match;
    if (mono) nodes.push({ type: "mono", text: mono.slice(3, -3) });
    else if (link) nodes.push({ type: "link", text: link });
    else nodes.push({ type: STYLE[mark as keyof typeof STYLE], children: parseFormatting(inner!) });
    last = index + token.length;
  }
  if (last < text.length) nodes.push({ type: "text", text: text.slice(last) });
  return nodes;
}

function flatten(nodes: TextNode[]): string {
  return nodes.map((n) => ("children" in n ? flatten(n.children) : n.text)).join("");
}

/** The text without its formatting marks (quotes, previews and menus show it on a line or two). */
export function plainText(text: string): string {
  return flatten(parseFormatting(text));
}

/** Removes the "*Name*:\n" signature line the server puts before an agent's signed message. */
export function withoutSignature(body: string): string {
  return body.replace(/^\*[^*\n]+\*:\n/, "");
}

/** A message body on one line, as a system notification shows it: no marks, no signature of our own messages. */
export function previewText(body: string, fromMe: boolean): string {
  return flatten(previewNodes(body, fromMe));
}

/**
 * A message body on one line, as the ticket list and the bell show it: the formatting kept (rendered, not raw),
 * our signature left out, line breaks and runs of spaces made one space.
 */
export function previewNodes(body: string, fromMe: boolean): TextNode[] {
  return oneLine(parseFormatting((fromMe ? withoutSignature(body) : body).trim()));
}

function oneLine(nodes: TextNode[]): TextNode[] {
  return nodes.map((n) => ("children" in n ? { ...n, children: oneLine(n.children) } : { ...n, text: n.text.replace(/\s+/g, " ") }));
}
