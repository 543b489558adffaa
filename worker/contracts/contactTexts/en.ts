import type { ContactTexts } from "./types";

/** What the product says to contacts, in English (see pt-BR.ts). */
export const en: ContactTexts = {
  menu: { back: "Back", mainMenu: "Main menu", choose: "Choose an option:", list: "Options" },
  invalidOption: "Invalid option. Please choose one of the menu options.",
  rating: {
    message: "How would you rate our service? Reply with the number of an option:",
    options: { 1: "Unsatisfied", 2: "Satisfied", 3: "Very satisfied" },
  },
  missedCall: "*Automatic message:*\n\nVoice and video calls are disabled for this WhatsApp, please send a text message instead. Thank you.",
  acceptGreeting: (contact, agent) => `Hello *${contact}*, my name is *${agent}* and I will be taking care of you from now on!`,
  transferredToQueue: (queue) => `*Automatic message*:\nYou have been transferred to the *${queue}* department\nPlease wait, we will be with you shortly!`,
  transferredToUser: (agent) => `*Automatic message*:\nYou have been transferred to *${agent}*\nPlease wait, we will be with you shortly!`,
  // Issue 31 §1 (inbound rules): the answer to a campaign recipient who opted out.
  campaignOptOut: "*Automatic message:*\nDone, you will not receive our campaigns on this number any more. If you need anything, just write to us.",
  // Issue 31 §4 (the conversation): the bot's end of flow and the thanks after a rating.
  waitingForAgent: "You are in the queue and an agent will be with you shortly. To go back to the main menu, send *#*.",
  ratingThanks: "Thank you for your rating!",
};
