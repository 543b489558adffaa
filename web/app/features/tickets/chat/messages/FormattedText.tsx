import { Fragment, type ReactNode } from "react";
import { formatSegments } from "../rules/textFormat";

/** Message text with WhatsApp's *bold*, _italic_, ~strike~ and links; line breaks kept. */
export function FormattedText({ text }: { text: string }) {
  const parts: ReactNode[] = formatSegments(text).map((segment, i) => {
    switch (segment.type) {
      case "bold":
        return <strong key={i}>{segment.text}</strong>;
      case "italic":
        return <em key={i}>{segment.text}</em>;
      case "strike":
        return <s key={i}>{segment.text}</s>;
      case "link":
        return (
          <a key={i} href={segment.text} target="_blank" rel="noopener noreferrer" className="text-[#027eb5] underline dark:text-[#53bdeb]">
            {segment.text}
          </a>
        );
      default:
        return <Fragment key={i}>{segment.text}</Fragment>;
    }
  });
  return <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{parts}</p>;
}
