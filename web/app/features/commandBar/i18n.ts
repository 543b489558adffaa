/** Texts of the command bar (Ctrl+K), registered as `commandBar` in web/app/i18n/lang/*.ts. */
const ptBR = {
  open: "Buscar (Ctrl+K)",
  title: "Ir para…",
  placeholder: "Ticket, contato, número ou página",
  groups: { macros: "Macros", tickets: "Tickets", contacts: "Contatos", pages: "Páginas" },
  status: { open: "Atendendo", pending: "Aguardando", closed: "Resolvido" },
  searching: "Buscando…",
  nothing: "Nada encontrado para “{{query}}”.",
  typeMore: "Digite ao menos {{min}} letras para buscar tickets e contatos.",
  hint: "↑↓ para escolher, Enter para abrir, Esc para fechar",
};

export type Texts = typeof ptBR;

/** pt-BR here; each other language in its own file beside it (i18n.en.ts, i18n.es.ts), so the browser loads one. */
export { ptBR };
