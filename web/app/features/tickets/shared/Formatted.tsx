import type { ReactNode } from "react";
import { previewNodes, type TextNode } from "./textFormat";

/**
 * WhatsApp's formatting as React elements, one renderer for the chat's bubbles and the one-line previews (the
 * ticket list, the bell). Links are anchors in a bubble; in a preview, which sits inside a link or button, text.
 */
export function renderFormatting(nodes: TextNode[], { links }: { links: boolean }): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "bold":
        return <strong key={i}>{renderFormatting(node.children, { links })}</strong>;
      case "italic":
        return <em key={i}>{renderFormatting(node.children, { links })}</em>;
      case "strike":
        return <s key={i}>{renderFormatting(node.children, { links })}</s>;
      case "mono":
        return (
          <code key={i} className="rounded bg-black/5 px-1 font-mono text-[0.92em] dark:bg-white/10">
            {node.text}
          </code>
        );
      case "link":
        return links ? (
          <a key={i} href={node.text} target="_blank" rel="noopener noreferrer" className="text-[#027eb5] underline dark:text-[#53bdeb]">
            {node.text}
          </a>
        ) : (
          node.text
        );
      default:
        return node.text;
    }
  });
}

/** A message on one line, formatted as WhatsApp shows it (not its raw marks), without our signature. */
export function FormattedPreview({ text, fromMe = false }: { text: string; fromMe?: boolean }) {
  return <>{renderFormatting(previewNodes(text, fromMe), { links: false })}</>;
}
