/** Attachments of quick messages: up to WhatsApp's 16 MB (worker/contracts/quickMessages). */
export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024;
