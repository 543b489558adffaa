const ptBR = {
  templatesTab: "Modelos",
  tab: "Mensagens automáticas",
  title: "Mensagens automáticas fora da janela de 24 horas",
  intro:
    "Depois de 24 horas sem mensagem do cliente, a Meta só aceita modelos aprovados. Escolha o modelo que substitui cada mensagem automática; sem modelo, ela não é enviada e aparece no chat como não entregue.",
  noApproved: "Nenhum modelo aprovado ainda. Crie um modelo e aguarde a aprovação da Meta para usá-lo aqui.",
  loadFailed: "Não foi possível carregar os modelos.",
  retry: "Tentar de novo",
  none: "Nenhum modelo (não enviar)",
  template: "Modelo",
  variable: "Variável {{n}}",
  fixedText: "Texto fixo da variável {{n}}",
  preview: "Prévia",
  save: "Salvar",
  saved: "Modelos das mensagens automáticas salvos.",
  purposes: {
    greeting: {
      label: "Saudação do chatbot",
      hint: "Quando o chatbot cumprimenta o contato.",
    },
    outOfHours: {
      label: "Fora do expediente",
      hint: "A resposta fora do horário de atendimento.",
    },
    notice: {
      label: "Avisos ao contato",
      hint: "Atendimento aceito, transferência para outro setor ou atendente.",
    },
    rating: {
      label: "Pedido de avaliação",
      hint: "Ao encerrar o ticket, com a avaliação ligada.",
    },
    completion: {
      label: "Mensagem de encerramento",
      hint: "A despedida ao encerrar o ticket.",
    },
    autoClose: {
      label: "Encerramento por inatividade",
      hint: "O aviso ao fechar um ticket parado.",
    },
    schedule: {
      label: "Agendamentos",
      hint: "Mensagens agendadas para o contato.",
    },
  },
  sources: {
    message: "Texto da mensagem automática",
    contactName: "Nome do contato",
    agentName: "Nome do atendente",
    companyName: "Nome da empresa",
    ticketId: "Número do ticket",
    text: "Texto fixo",
  },
};

export { ptBR };
