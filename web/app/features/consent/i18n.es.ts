import type { ptBR } from "./i18n";

export const es: typeof ptBR = {
  title: "Consentimiento de marketing",
  state: {
    unknown: "Sin registrar",
    granted: "Acepta recibir",
    revoked: "No acepta recibir",
  },
  how: {
    imported: "importación de contactos",
    chatbot: "chatbot",
    agent: "agente",
    api: "API",
    stopWord: "palabra de baja en una campaña",
    cloud131050: "marketing bloqueado en WhatsApp",
  },
  since: "Desde {{date}}, por {{how}}",
  sinceBy: "Desde {{date}}, por {{how}} ({{name}})",
  blockedNote: "Las campañas y los agendamientos de marketing no se envían a este contacto.",
  grant: "Registrar aceptación",
  revoke: "Revocar consentimiento",
  revokeTitle: "¿Revocar el consentimiento de {{name}}?",
  revokeMessage: "Las campañas y los agendamientos marcados como marketing dejarán de enviarse a este contacto. El cambio queda en el historial.",
  revokeConfirm: "Revocar",
  granted: "Aceptación registrada",
  revoked: "Consentimiento revocado",
  history: "Historial",
  noHistory: "Ningún cambio registrado.",
  historyRow: "{{state}} — {{how}}",
  filter: "Consentimiento",
  filterAll: "Todos",
};
