import type { Texts } from "./i18n";

export const en: Texts = {
  open: "Search (Ctrl+K)",
  title: "Go to…",
  placeholder: "Ticket, contact, number or page",
  groups: { macros: "Macros", tickets: "Tickets", contacts: "Contacts", pages: "Pages" },
  status: { open: "Attending", pending: "Waiting", closed: "Resolved" },
  searching: "Searching…",
  nothing: "Nothing found for “{{query}}”.",
  typeMore: "Type at least {{min}} letters to search tickets and contacts.",
  hint: "↑↓ to choose, Enter to open, Esc to close",
};
