import type { ptBR } from "./i18n";

export const en: typeof ptBR = {
  templatesTab: "Templates",
  tab: "Automatic messages",
  title: "Automatic messages outside the 24-hour window",
  intro:
    "Once 24 hours have passed since the customer's last message, Meta only takes approved templates. Choose the template that replaces each automatic message; without one, the message is not sent and shows in the chat as not delivered.",
  noApproved: "No approved template yet. Create a template and wait for Meta's approval to use it here.",
  loadFailed: "The templates could not be loaded.",
  retry: "Try again",
  none: "No template (do not send)",
  template: "Template",
  variable: "Variable {{n}}",
  fixedText: "Fixed text of variable {{n}}",
  preview: "Preview",
  save: "Save",
  saved: "Automatic message templates saved.",
  purposes: {
    greeting: {
      label: "Chatbot greeting",
      hint: "When the chatbot greets the contact.",
    },
    outOfHours: {
      label: "Out of hours",
      hint: "The answer outside service hours.",
    },
    notice: {
      label: "Notices to the contact",
      hint: "Service accepted, transfer to another queue or agent.",
    },
    rating: {
      label: "Rating request",
      hint: "When the ticket is closed, with ratings on.",
    },
    completion: {
      label: "Closing message",
      hint: "The goodbye when the ticket is closed.",
    },
    autoClose: {
      label: "Closed for inactivity",
      hint: "The notice when an idle ticket is closed.",
    },
    schedule: {
      label: "Schedules",
      hint: "Messages scheduled for the contact.",
    },
  },
  sources: {
    message: "The automatic message's text",
    contactName: "Contact's name",
    agentName: "Agent's name",
    companyName: "Company name",
    ticketId: "Ticket number",
    text: "Fixed text",
  },
};
