import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { campaignOptOuts, contacts } from "../../db/tenant";
import { optOutKey } from "../privacy/optOutKey";

/**
 * The one "do not send marketing" rule (issue 28), for a number: the company's contact with this number revoked its
 * consent (an opt-out word, Meta's 131050, an agent, the API, the chatbot or an import), or, with no contact for the
 * number, its hash is among the kept opt-outs (an erased or deleted contact that had revoked, older opt-outs:
 * hashedOptOuts.ts). A contact that granted consent since is not blocked by a hash (a grant drops it). Campaigns and
 * marketing schedules ask it before each send. Synchronous, so a dispatch decides and claims in one go.
 */
export function marketingBlocked(db: Db, companyId: number, number: string): boolean {
  const contact = db
    .select({ consent: contacts.marketingConsent })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
    .get();
  if (contact?.consent === "revoked") return true;
  if (contact?.consent === "granted") return false;
  const kept = db
    .select({ id: campaignOptOuts.id })
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, optOutKey(number))))
    .get();
  return kept !== undefined;
}
