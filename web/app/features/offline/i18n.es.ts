import type { Texts } from "./i18n";

export const es: Texts = {
  banner: "Sin conexión",
  bannerHint: "Ves lo último que abriste en este dispositivo. Los mensajes enviados quedan pendientes y salen cuando vuelva la conexión.",
  pending: "Pendiente: se enviará cuando vuelva la conexión",
  sending: "Enviando…",
  failed: "No enviado: {{reason}}",
  discard: "Descartar",
  needsNetwork: "Necesita conexión",
};
