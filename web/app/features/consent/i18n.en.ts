import type { ptBR } from "./i18n";

export const en: typeof ptBR = {
  title: "Marketing consent",
  state: {
    unknown: "Not recorded",
    granted: "Agrees to receive",
    revoked: "Does not agree",
  },
  how: {
    imported: "contact import",
    chatbot: "chatbot",
    agent: "agent",
    api: "API",
    stopWord: "opt-out word in a campaign",
    cloud131050: "marketing blocked in WhatsApp",
  },
  since: "Since {{date}}, by {{how}}",
  sinceBy: "Since {{date}}, by {{how}} ({{name}})",
  blockedNote: "Campaigns and marketing schedules are not sent to this contact.",
  grant: "Record consent",
  revoke: "Revoke consent",
  revokeTitle: "Revoke {{name}}'s consent?",
  revokeMessage: "Campaigns and schedules marked as marketing will no longer be sent to this contact. The change stays in the history.",
  revokeConfirm: "Revoke",
  granted: "Consent recorded",
  revoked: "Consent revoked",
  history: "History",
  noHistory: "No changes recorded.",
  historyRow: "{{state}} — {{how}}",
  filter: "Consent",
  filterAll: "All",
};
