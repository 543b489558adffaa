/** The texts the chatbot sends (pt-BR: the language of the contacts it serves), built from the company's data. */

export interface MenuEntry {
  option: string;
  title: string;
}

const line = (option: string, title: string) => `*[ ${option} ]* - ${title}`;

/** "greeting\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte" */
export function queuesMenu(greeting: string, queues: readonly { name: string }[]): string {
  const lines = queues.map((q, i) => line(String(i + 1), q.name));
  return [greeting.trim(), lines.join("\n")].filter(Boolean).join("\n\n");
}

/** An option level: its message, its children, then the ways back. */
export function optionsMenu(message: string, options: readonly MenuEntry[], { canGoBack }: { canGoBack: boolean }): string {
  const lines = options.map((o) => line(o.option, o.title));
  if (canGoBack) lines.push(line("0", "Voltar"));
  lines.push(line("#", "Menu inicial"));
  return [message.trim(), lines.join("\n")].filter(Boolean).join("\n\n");
}

export const botTexts = {
  invalidOption: "Opção inválida. Por favor, escolha uma das opções do menu.",
  ratingOptions: `${line("1", "Insatisfeito")}\n${line("2", "Satisfeito")}\n${line("3", "Muito satisfeito")}`,
  missedCall: "*Mensagem automática:*\n\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, favor enviar uma mensagem de texto. Obrigado.",
};

export function ratingPrompt(ratingMessage: string): string {
  return `${ratingMessage.trim()}\n\n${botTexts.ratingOptions}`;
}
