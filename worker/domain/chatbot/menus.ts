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

/**
 * Meta's limits for interactive messages (Cloud API): reply buttons (up to 3, titles of 20 characters) and list
 * messages (one section of up to 10 rows, titles of 24, descriptions of 72, the list's button label 20).
 */
export const INTERACTIVE_LIMITS = { buttons: 3, buttonTitle: 20, rows: 10, rowTitle: 24, listButton: 20, buttonsBody: 1024, listBody: 4096 } as const;

/** One entry of a menu as the contact taps it: `id` comes back in the reply (menuChoiceOf reads it). */
export interface MenuChoice {
  id: string;
  title: string;
  /** A way back (0, #): left out of the interactive message when it does not fit, still typed as before. */
  nav?: boolean;
}

/** A menu as Meta's interactive message (the `interactive` object of a send). */
export type InteractiveMenu =
  | { type: "button"; body: { text: string }; action: { buttons: { type: "reply"; reply: { id: string; title: string } }[] } }
  | { type: "list"; body: { text: string }; action: { button: string; sections: { rows: { id: string; title: string }[] }[] } };

const chars = (s: string) => Array.from(s).length;

/** The queues menu's entries. */
export function queueChoices(queues: readonly { id: number; name: string }[]): MenuChoice[] {
  return queues.map((q) => ({ id: `queue:${q.id}`, title: q.name }));
}

/** An option level's entries: its children, then the ways back (as optionsMenu lists them). */
export function optionChoices(texts: ContactTexts, options: readonly { id: number; title: string }[], { canGoBack }: { canGoBack: boolean }): MenuChoice[] {
  const choices: MenuChoice[] = options.map((o) => ({ id: `option:${o.id}`, title: o.title }));
  if (canGoBack) choices.push({ id: "menu:back", title: texts.menu.back, nav: true });
  choices.push({ id: "menu:main", title: texts.menu.mainMenu, nav: true });
  return choices;
}

/**
 * A menu as an interactive message, for connections on the Cloud API: up to 3 entries as reply buttons, up to 10 as
 * a list; the ways back go along where they fit. Null when the entries do not fit Meta's limits (more than 10, or a
 * title too long): the text menu goes instead, and typing the number works either way.
 */
export function interactiveMenu(texts: ContactTexts, message: string, choices: readonly MenuChoice[]): InteractiveMenu | null {
  const text = message.trim() || texts.menu.choose;
  const all = [...choices];
  const options = choices.filter((c) => !c.nav);
  const L = INTERACTIVE_LIMITS;
  if (all.length <= L.buttons && all.every((c) => chars(c.title) <= L.buttonTitle) && chars(text) <= L.buttonsBody) {
    return { type: "button", body: { text }, action: { buttons: all.map((c) => ({ type: "reply", reply: { id: c.id, title: c.title } })) } };
  }
  if (chars(text) > L.listBody || chars(texts.menu.list) > L.listButton) return null;
  for (const rows of [all, options]) {
    if (rows.length > 0 && rows.length <= L.rows && rows.every((c) => chars(c.title) <= L.rowTitle)) {
      return { type: "list", body: { text }, action: { button: texts.menu.list, sections: [{ rows: rows.map((c) => ({ id: c.id, title: c.title })) }] } };
    }
  }
  return null;
}

/** What a tapped row or button chose: a queue's or an option's id, or a way back ("0", "#" as typed). */
export function menuChoiceOf(replyId: string | undefined): { queueId: number } | { optionId: number } | { typed: "0" | "#" } | null {
  if (!replyId) return null;
  if (replyId === "menu:back") return { typed: "0" };
  if (replyId === "menu:main") return { typed: "#" };
  const [kind, id] = replyId.split(":");
  const n = Number(id);
  if (!Number.isSafeInteger(n)) return null;
  if (kind === "queue") return { queueId: n };
  if (kind === "option") return { optionId: n };
  return null;
}
