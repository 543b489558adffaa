import type { Texts } from "./i18n";

export const es: Texts = {
  pending: "Esperando atención",
  unread_one: "{{count}} mensaje sin leer",
  unread_other: "{{count}} mensajes sin leer",
  mention: "{{sender}} le mencionó en {{chat}}",
  directChat: "una conversación",
  tokenExpired: "El token de la API oficial expiró: un administrador debe ingresar uno nuevo.",
  webhookPaused: "Webhook en pausa: su destino no acepta los eventos. Corrígelo y reanúdalo.",
};
