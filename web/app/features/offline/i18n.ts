/** Texts of working offline (issue 29): the shell's banner and the chat's pending sends, registered as `offline`. */
const ptBR = {
  banner: "Sem conexão",
  bannerHint: "Você vê o que abriu por último neste aparelho. Mensagens enviadas ficam pendentes e saem quando a conexão voltar.",
  pending: "Pendente: será enviada quando a conexão voltar",
  sending: "Enviando…",
  failed: "Não enviada: {{reason}}",
  discard: "Descartar",
  needsNetwork: "Precisa de conexão",
};

export type Texts = typeof ptBR;

export { ptBR };
