import type { SystemCtx } from "../context";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import { writeConsent, type ConsentChange } from "./writeConsent";

/**
 * Consent recorded with nobody acting: the contact's own answer (the chatbot's consent option, an opt-out word) or
 * Meta's 131050. The contacts page hears of the change.
 */
export async function recordConsent(ctx: SystemCtx, contactId: number, change: Omit<ConsentChange, "userId">) {
  if (!writeConsent(ctx.db, ctx.companyId, contactId, { ...change, userId: null })) return false;
  const contact = await loadContactView(ctx.db, ctx.companyId, contactId);
  if (contact) await publishContact(ctx, "update", contact);
  return true;
}
