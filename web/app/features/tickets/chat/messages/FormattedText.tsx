import { renderFormatting } from "../../shared/Formatted";
import { parseFormatting } from "../../shared/textFormat";

/** Message text with WhatsApp's *bold*, _italic_, ~strike~, ```monospace``` and links; line breaks kept. */
export function FormattedText({ text }: { text: string }) {
  return <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{renderFormatting(parseFormatting(text), { links: true })}</p>;
}
