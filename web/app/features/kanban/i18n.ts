/** Texts of the kanban board, registered as `kanban` in web/app/i18n/lang/*.ts. */
const ptBR = {
  title: "Kanban",
  openLane: "Em aberto",
  viewTicket: "Ver Ticket",
  ticketNumber: "Ticket #{{id}}",
  noAgent: "Sem atendente",
  agent: "Atendente: {{name}}",
  queue: "Fila",
  noMessage: "Sem mensagens",
  laneCount_one: "{{count}} ticket",
  laneCount_other: "{{count}} tickets",
  emptyLane: "Arraste um ticket para cá",
  inLane: {
    minutes: "{{value}} min na coluna",
    hours: "{{value}} h na coluna",
    days_one: "{{count}} dia na coluna",
    days_other: "{{count}} dias na coluna",
  },
  queues: {
    label: "Filas",
    all: "Todas as filas",
    some_one: "{{count}} fila",
    some_other: "{{count}} filas",
    clear: "Todas",
  },
  moveTo: "Mover para",
  moveMenu: "Mover o ticket #{{id}}",
  dragHandle: "Arrastar o ticket #{{id}} de {{name}}",
  moved: "Ticket #{{id}} movido para {{lane}}",
  loadingMore: "Carregando mais tickets…",
  loadMoreFailed: "Não foi possível carregar mais tickets desta coluna.",
  loading: "Carregando o quadro…",
  empty: "Nenhum ticket em aberto",
  emptyHint: "Os tickets abertos e aguardando das suas filas aparecem aqui.",
  noLanes: "Ainda não há colunas",
  noLanesHint: "Marque tags como coluna do Kanban na página de Tags.",
  goToTags: "Ir para Tags",
  failed: "Não foi possível carregar o quadro.",
  retry: "Tentar de novo",
  order: {
    button: "Ordem das colunas",
    title: "Ordem das colunas",
    description: "A primeira coluna é sempre 'Em aberto'; as demais seguem esta ordem para toda a empresa.",
    up: "Mover {{name}} para a esquerda",
    down: "Mover {{name}} para a direita",
    save: "Salvar ordem",
    saved: "Ordem das colunas salva",
  },
  dnd: {
    instructions:
      "Para mover um ticket, pressione espaço ou Enter. Use as setas para a esquerda e para a direita para escolher a coluna, espaço ou Enter para soltar e Esc para cancelar.",
    start: "Ticket #{{id}} pego, na coluna {{lane}}.",
    over: "Ticket #{{id}} sobre a coluna {{lane}}.",
    outside: "Ticket #{{id}} fora das colunas.",
    end: "Ticket #{{id}} solto na coluna {{lane}}.",
    cancel: "Movimento cancelado. Ticket #{{id}} voltou para {{lane}}.",
  },
};

export type Texts = typeof ptBR;

/** pt-BR here; each other language in its own file beside it (i18n.en.ts, i18n.es.ts), so the browser loads one. */
export { ptBR };
