/** The words of a push, in the user's language (users.language; the product's default pt-BR). */
export type PushLanguage = "pt-BR" | "en" | "es";

export const pushLanguage = (value: string | null): PushLanguage => (value === "en" || value === "es" ? value : value?.startsWith("es") ? "es" : value?.startsWith("en") ? "en" : "pt-BR");

const TEXTS = {
  "pt-BR": {
    newTicket: "Novo atendimento aguardando",
    newTicketIn: (queue: string) => `Novo atendimento aguardando em ${queue}`,
    transfer: "Atendimento transferido para você",
    mention: (chat: string) => `Mencionou você em ${chat}`,
    slaFirst: "Prazo de primeira resposta vencido",
    slaResolution: "Prazo de resolução vencido",
    media: "📎 Arquivo",
    testTitle: "Notificações ativadas",
    testBody: "É assim que os avisos do ZapDesk aparecem neste aparelho.",
  },
  en: {
    newTicket: "New conversation waiting",
    newTicketIn: (queue: string) => `New conversation waiting in ${queue}`,
    transfer: "Conversation transferred to you",
    mention: (chat: string) => `Mentioned you in ${chat}`,
    slaFirst: "First response target missed",
    slaResolution: "Resolution target missed",
    media: "📎 File",
    testTitle: "Notifications on",
    testBody: "This is how ZapDesk's alerts look on this device.",
  },
  es: {
    newTicket: "Nueva atención en espera",
    newTicketIn: (queue: string) => `Nueva atención en espera en ${queue}`,
    transfer: "Atención transferida a usted",
    mention: (chat: string) => `Le mencionó en ${chat}`,
    slaFirst: "Plazo de primera respuesta vencido",
    slaResolution: "Plazo de resolución vencido",
    media: "📎 Archivo",
    testTitle: "Notificaciones activadas",
    testBody: "Así aparecen los avisos de ZapDesk en este dispositivo.",
  },
} as const;

export const pushTexts = (language: PushLanguage) => TEXTS[language];

/** A text cut to `max` characters on a character boundary, with an ellipsis. */
export function short(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
}
