import { can, type Actor } from "../../../../worker/domain/permissions";

/** Attachments of quick messages: up to WhatsApp's 16 MB (worker/contracts/quickMessages). */
export const MAX_ATTACHMENT_BYTES = 16 * 1024 * 1024;

/**
 * Who edits or deletes a quick message (spec 002), mirroring the server's canEditQuickMessage
 * (worker/domain/quickMessages/view, which cannot be imported into the browser): quick-messages:editAny may
 * change any; anyone else only their own, non-general ones.
 */
export function mayEditQuickMessage(user: Actor & { id: number }, qm: { userId: number | null; geral: boolean }): boolean {
  return can(user, "quick-messages:editAny") || (qm.userId === user.id && !qm.geral);
}
