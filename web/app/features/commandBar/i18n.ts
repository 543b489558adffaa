import type { FeatureTexts } from "../../i18n/features";

/** Texts of the command bar (Ctrl+K), registered as `commandBar` in web/app/i18n/features.ts. */
const ptBR = {
  open: "Buscar (Ctrl+K)",
  title: "Ir para…",
  placeholder: "Ticket, contato, número ou página",
  groups: { tickets: "Tickets", contacts: "Contatos", pages: "Páginas" },
  status: { open: "Atendendo", pending: "Aguardando", closed: "Resolvido" },
  searching: "Buscando…",
  nothing: "Nada encontrado para “{{query}}”.",
  typeMore: "Digite ao menos {{min}} letras para buscar tickets e contatos.",
  hint: "↑↓ para escolher, Enter para abrir, Esc para fechar",
};

type Texts = typeof ptBR;

const en: Texts = {
  open: "Search (Ctrl+K)",
  title: "Go to…",
  placeholder: "Ticket, contact, number or page",
  groups: { tickets: "Tickets", contacts: "Contacts", pages: "Pages" },
  status: { open: "Attending", pending: "Waiting", closed: "Resolved" },
  searching: "Searching…",
  nothing: "Nothing found for “{{query}}”.",
  typeMore: "Type at least {{min}} letters to search tickets and contacts.",
  hint: "↑↓ to choose, Enter to open, Esc to close",
};

const es: Texts = {
  open: "Buscar (Ctrl+K)",
  title: "Ir a…",
  placeholder: "Ticket, contacto, número o página",
  groups: { tickets: "Tickets", contacts: "Contactos", pages: "Páginas" },
  status: { open: "Atendiendo", pending: "En espera", closed: "Resuelto" },
  searching: "Buscando…",
  nothing: "No se encontró nada para “{{query}}”.",
  typeMore: "Escriba al menos {{min}} letras para buscar tickets y contactos.",
  hint: "↑↓ para elegir, Enter para abrir, Esc para cerrar",
};

export const commandBarTexts: FeatureTexts = { "pt-BR": ptBR, en, es };
