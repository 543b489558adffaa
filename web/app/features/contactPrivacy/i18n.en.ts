import type { ptBR } from "./i18n";

export const en: typeof ptBR = {
  title: "Personal data (LGPD)",
  hint: "A copy of everything the company holds about the contact, or the erasure of their data, at the person's request.",
  export: "Export data",
  exportHint: "Download everything about the contact (data, tickets, messages and files) as a .zip file",
  exported: "Contact data archive downloaded",
  exportFilePrefix: "contact-data",
  erase: "Erase personal data",
  eraseTitle: "Erase the personal data of {{name}}?",
  eraseWhat:
    "This contact's name, number, e-mail, fields, notes, message texts and files will be erased for good. This cannot be undone.",
  eraseKeeps:
    "Statistics stay, without personal data: the tickets with their times, queues, agents and ratings (the dashboard does not change). If the person asked not to receive campaigns, that request still holds.",
  eraseNewContact: "If the person writes again, they show up as a new contact.",
  eraseConfirmLabel: "To confirm, type the contact's name or APAGAR",
  eraseConfirm: "Erase data",
  erasing: "Erasing… long conversations take a few moments; you can keep working.",
  erased_one: "Data erased: {{messages}} messages of {{count}} ticket",
  erased_other: "Data erased: {{messages}} messages of {{count}} tickets",
  erasedName: "Erased contact",
};
