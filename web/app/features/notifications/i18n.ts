/** Texts of the top bar's bell, registered as `notifications` in web/app/i18n/lang/*.ts (first load: every page has it). */
const ptBR = {
  pending: "Aguardando atendimento",
  unread_one: "{{count}} mensagem não lida",
  unread_other: "{{count}} mensagens não lidas",
  mention: "{{sender}} mencionou você em {{chat}}",
  directChat: "uma conversa",
  tokenExpired: "O token da API oficial expirou: um administrador precisa informar um novo.",
  webhookPaused: "Webhook pausado: o destino não aceita os eventos. Corrija-o e retome.",
};

export type Texts = typeof ptBR;
export { ptBR };
