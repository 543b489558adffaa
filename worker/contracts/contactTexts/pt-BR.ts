/**
 * What the product itself says to contacts on WhatsApp, in Portuguese (Brazil). Every language has a file of the
 * same shape (types.ts); the company's `language` setting picks one. Texts a company writes itself (greetings,
 * completion, out of hours, inactivity) are sent as written.
 */
export const ptBR = {
  menu: { back: "Voltar", mainMenu: "Menu inicial", choose: "Escolha uma opção:", list: "Opções" },
  invalidOption: "Opção inválida. Por favor, escolha uma das opções do menu.",
  rating: {
    message: "Como você avalia o nosso atendimento? Responda com o número de uma opção:",
    options: { 1: "Insatisfeito", 2: "Satisfeito", 3: "Muito satisfeito" },
  },
  missedCall: "*Mensagem automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado.",
  acceptGreeting: (contact: string, agent: string) => `Olá *${contact}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`,
  transferredToQueue: (queue: string) => `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue}*\nAguarde, já vamos te atender!`,
  transferredToUser: (agent: string) => `*Mensagem automática*:\nVocê foi transferido para o atendente *${agent}*\nAguarde, já vamos te atender!`,
  // Issue 31 §1 (inbound rules): the answer to a campaign recipient who opted out.
  campaignOptOut: "*Mensagem automática:*\nPronto, você não receberá mais nossas campanhas neste número. Se precisar de algo, é só nos escrever.",
  // Issue 31 §4 (the conversation): the bot's end of flow and the thanks after a rating.
  waitingForAgent: "Você está na fila de atendimento e logo um atendente vai falar com você. Para voltar ao menu inicial, envie *#*.",
  ratingThanks: "Obrigado pela sua avaliação!",
};
