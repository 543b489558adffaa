import { menuLine, type ContactTexts } from "../contactTexts";

/** The menus the chatbot sends, built from the company's data in the company's language (contactTexts/). */

export interface MenuEntry {
  option: string;
  title: string;
}

/** "greeting\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte" */
export function queuesMenu(greeting: string, queues: readonly { name: string }[]): string {
  const lines = queues.map((q, i) => menuLine(String(i + 1), q.name));
  return [greeting.trim(), lines.join("\n")].filter(Boolean).join("\n\n");
}

/** An option level: its message, its children, then the ways back. */
export function optionsMenu(texts: ContactTexts, message: string, options: readonly MenuEntry[], { canGoBack }: { canGoBack: boolean }): string {
  const lines = options.map((o) => menuLine(o.option, o.title));
  if (canGoBack) lines.push(menuLine("0", texts.menu.back));
  lines.push(menuLine("#", texts.menu.mainMenu));
  return [message.trim(), lines.join("\n")].filter(Boolean).join("\n\n");
}

/** A reply that was not one of the menu's options: said once, with the menu again. */
export function invalidOptionReply(texts: ContactTexts, menu: string): string {
  return `${texts.invalidOption}\n\n${menu}`;
}
