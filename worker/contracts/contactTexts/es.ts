import type { ContactTexts } from "./types";

/** What the product says to contacts, in Spanish (see pt-BR.ts). */
export const es: ContactTexts = {
  menu: { back: "Volver", mainMenu: "Menú inicial", choose: "Elija una opción:", list: "Opciones" },
  invalidOption: "Opción inválida. Por favor, elija una de las opciones del menú.",
  rating: {
    message: "¿Cómo califica nuestra atención? Responda con el número de una opción:",
    options: { 1: "Insatisfecho", 2: "Satisfecho", 3: "Muy satisfecho" },
  },
  missedCall: "*Mensaje automático:*\n\nLas llamadas de voz y video están deshabilitadas para este WhatsApp, por favor envíe un mensaje de texto. Gracias.",
  acceptGreeting: (contact, agent) => `Hola *${contact}*, mi nombre es *${agent}* y a partir de ahora continuaré con su atención.`,
  transferredToQueue: (queue) => `*Mensaje automático*:\nUsted fue transferido al departamento *${queue}*\nEspere, ¡ya lo atenderemos!`,
  transferredToUser: (agent) => `*Mensaje automático*:\nUsted fue transferido al agente *${agent}*\nEspere, ¡ya lo atenderemos!`,
  // Issue 31 §1 (inbound rules): the answer to a campaign recipient who opted out.
  campaignOptOut: "*Mensaje automático:*\nListo, ya no recibirá nuestras campañas en este número. Si necesita algo, solo escríbanos.",
  // Issue 31 §4 (the conversation): the bot's end of flow and the thanks after a rating.
  waitingForAgent: "Usted está en la fila de atención y pronto un agente hablará con usted. Para volver al menú inicial, envíe *#*.",
  ratingThanks: "¡Gracias por su calificación!",
};
