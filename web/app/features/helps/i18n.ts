/** Texts of /helps, registered as `helps` in web/app/i18n/lang/*.ts. */
const ptBR = {
  title: "Ajuda",
  empty: "Nenhum vídeo de ajuda ainda",
  emptyHint: "Os vídeos cadastrados pelo administrador da plataforma aparecem aqui.",
  play: "Assistir: {{title}}",
  player: "Vídeo: {{title}}",
};

export type Texts = typeof ptBR;
export { ptBR };
