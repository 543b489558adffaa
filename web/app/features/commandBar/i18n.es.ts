import type { Texts } from "./i18n";

export const es: Texts = {
  open: "Buscar (Ctrl+K)",
  title: "Ir a…",
  placeholder: "Ticket, contacto, número o página",
  groups: { macros: "Macros", tickets: "Tickets", contacts: "Contactos", pages: "Páginas" },
  status: { open: "Atendiendo", pending: "En espera", closed: "Resuelto" },
  searching: "Buscando…",
  nothing: "No se encontró nada para “{{query}}”.",
  typeMore: "Escriba al menos {{min}} letras para buscar tickets y contactos.",
  hint: "↑↓ para elegir, Enter para abrir, Esc para cerrar",
};
