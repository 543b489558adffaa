import type { ContactLanguage } from "../contactTexts";

/**
 * The internal-chat message that asks a colleague for a contact's ticket (requestTicketTransfer), in the company's
 * language. It starts with "@name" so that it is a mention: the colleague's bell shows it.
 */
type Ask = (p: { to: string; contact: string; queue: string | null }) => string;

// Issue 31 §4 (the conversation).
const texts: Record<ContactLanguage, Ask> = {
  "pt-BR": ({ to, contact, queue }) =>
    `@${to}, pode me transferir o atendimento de ${contact}${queue ? `, que está na fila ${queue}` : ""}? Tentei abrir um ticket e ele já está em atendimento.`,
  en: ({ to, contact, queue }) =>
    `@${to}, could you transfer the conversation with ${contact}${queue ? `, in the ${queue} queue,` : ""} to me? I tried to open a ticket and it is already being served.`,
  es: ({ to, contact, queue }) =>
    `@${to}, ¿puede transferirme la atención de ${contact}${queue ? `, que está en la cola ${queue}` : ""}? Intenté abrir un ticket y ya está en atención.`,
};

export function transferRequestText(language: string, p: Parameters<Ask>[0]): string {
  return (texts[language as ContactLanguage] ?? texts["pt-BR"])(p);
}
