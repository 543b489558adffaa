/** Texts of the profile's notifications section (issue 29), registered as `push` in web/app/i18n/lang/*.ts. */
const ptBR = {
  title: "Notificações neste aparelho",
  hint: "Avisos de novos atendimentos, mensagens, transferências e menções quando o ZapDesk não está aberto na tela.",
  unsupported: "Este navegador não recebe notificações.",
  denied: "As notificações estão bloqueadas para este site. Libere-as nas configurações do navegador.",
  on: "Ativadas",
  off: "Desativadas",
  turnedOn: "Notificações ativadas neste aparelho",
  turnedOff: "Notificações desativadas neste aparelho",
  quiet: "Horário silencioso",
  quietHint: "Sem avisos neste intervalo (fuso da empresa).",
  from: "Das",
  to: "Às",
  saveQuiet: "Salvar horário",
  test: "Enviar um teste",
  testSent: "Teste enviado",
  devices_one: "{{count}} aparelho com notificações", devices_other: "{{count}} aparelhos com notificações",
};

export type Texts = typeof ptBR;

export { ptBR };
