/** Messages the product sends on an agent's behalf (pt-BR, the language of the contacts it serves). */
export const automaticMessages = {
  acceptGreeting: (contactName: string, agentName: string) =>
    `Olá *${contactName}*, meu nome é *${agentName}* e agora vou prosseguir com seu atendimento!`,
  transferredToQueue: (queueName: string) =>
    `*Mensagem automática*:\nVocê foi transferido para o departamento *${queueName}*\nAguarde, já vamos te atender!`,
  transferredToUser: (agentName: string) =>
    `*Mensagem automática*:\nVocê foi transferido para o atendente *${agentName}*\nAguarde, já vamos te atender!`,
};
