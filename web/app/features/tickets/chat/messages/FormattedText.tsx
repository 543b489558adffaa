import type { ReactNode } from "react";
import { parseFormatting, type TextNode } from "../../shared/textFormat";

function render(nodes: TextNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case "bold":
        return <strong key={i}>{render(node.children)}</strong>;
      case "italic":
        return <em key={i}>{render(node.children)}</em>;
      case "strike":
        return <s key={i}>{render(node.children)}</s>;
      case "mono":
        return (
          <code key={i} className="rounded bg-black/5 px-1 font-mono text-[0.92em] dark:bg-white/10">
            {node.text}
          </code>
        );
      case "link":
        return (
          <a key={i} href={node.text} target="_blank" rel="noopener noreferrer" className="text-[#027eb5] underline dark:text-[#53bdeb]">
            {node.text}
          </a>
        );
      default:
        return node.text;
    }
  });
}

/** Message text with WhatsApp's *bold*, _italic_, ~strike~, ```monospace``` and links; line breaks kept. */
export function FormattedText({ text }: { text: string }) {
  return <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{render(parseFormatting(text))}</p>;
}
