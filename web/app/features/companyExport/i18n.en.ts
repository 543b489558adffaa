import type { ptBR } from "./i18n";

export const en: typeof ptBR = {
  title: "Export company data",
  intro: "A .tar file with every table of the company (one JSON line per row), its media files and a manifest. It can be imported into another installation.",
  start: "Export company data",
  confirmTitle: "Export all of the company's data?",
  confirmMessage:
    "Includes contacts, tickets, messages, media, users (with their hashed passwords), queues, campaigns and settings. Secrets are not included: Cloud API tokens, WhatsApp sessions, AI and integration keys, webhook and two-factor secrets must be entered again. The download link is valid for 24 hours.",
  confirm: "Export",
  started: "Export started",
  empty: "No exports yet.",
  requestedBy: "Requested by {{name}}",
  download: "Download",
  expired: "Link expired",
  rows: "{{done}} of {{total}} rows",
  states: { queued: "Queued", running: "Exporting", done: "Done", failed: "Failed" },
};
