export const ptBR = {
  title: "Exportar dados da empresa",
  intro: "Um arquivo .tar com todas as tabelas da empresa (uma linha JSON por registro), os arquivos de mídia e um manifesto. Pode ser importado em outra instalação.",
  start: "Exportar dados da empresa",
  confirmTitle: "Exportar todos os dados da empresa?",
  confirmMessage:
    "Inclui contatos, tickets, mensagens, mídias, usuários (com as senhas cifradas), filas, campanhas e configurações. Não inclui segredos: tokens da API Cloud, sessões do WhatsApp, chaves de IA e de integrações, segredos de webhooks e de dois fatores precisam ser informados de novo. O link de download vale 24 horas.",
  confirm: "Exportar",
  started: "Exportação iniciada",
  empty: "Nenhuma exportação ainda.",
  requestedBy: "Pedida por {{name}}",
  download: "Baixar",
  expired: "Link expirado",
  rows: "{{done}} de {{total}} registros",
  states: { queued: "Na fila", running: "Exportando", done: "Concluída", failed: "Falhou" },
};
