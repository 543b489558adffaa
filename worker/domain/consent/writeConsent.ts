import { and, eq, ne } from "drizzle-orm";
import type { ConsentSource, ConsentState } from "../../contracts/consent";
import type { Db } from "../../db/client";
import { contactConsentChanges, contacts } from "../../db/tenant";
import { dropHashedOptOut } from "./hashedOptOuts";

export interface ConsentChange {
  state: Exclude<ConsentState, "unknown">;
  how: ConsentSource;
  /** The user who recorded it; null for the contact itself (chatbot, stop word), Meta or an import. */
  userId: number | null;
  /** A short fact for the proof: the opt-out word, the campaign. */
  detail?: string;
  at?: Date;
}

/**
 * Records a change of a contact's marketing consent: the contact's current state and one history row, together.
 * Synchronous, so callers write it beside their own writes (and an audit entry) in one transaction. A contact already
 * in that state is left as it is (its first record stays the proof): answers whether anything changed. A grant drops
 * the number's hashed opt-out (hashedOptOuts.ts).
 */
export function writeConsent(db: Db, companyId: number, contactId: number, change: ConsentChange): boolean {
  const at = change.at ?? new Date();
  const updated = db
    .update(contacts)
    .set({ marketingConsent: change.state, marketingConsentAt: at, marketingConsentHow: change.how, marketingConsentBy: change.userId, updatedAt: at })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId), ne(contacts.marketingConsent, change.state)))
    .returning({ id: contacts.id, number: contacts.number })
    .all();
  if (updated.length === 0) return false;
  db.insert(contactConsentChanges)
    .values({ companyId, contactId, state: change.state, how: change.how, userId: change.userId, detail: (change.detail ?? "").slice(0, 200), at })
    .run();
  // Consent given again: an opt-out kept as the number's hash (an erased or deleted contact) no longer applies.
  if (change.state === "granted") dropHashedOptOut(db, companyId, updated[0]!.number);
  return true;
}
