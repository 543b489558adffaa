import { and, eq, inArray, notLike } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { campaignOptOuts, contacts } from "../../db/tenant";
import { optOutKey } from "../privacy/optOutKey";

/**
 * The opt-outs of numbers that no longer have a contact (issue 28): when a contact that revoked marketing consent is
 * erased or deleted, its number's hash stays in campaign_opt_outs (never the number), so the person is still never
 * sent marketing (marketingBlocked). Synchronous: written beside the erasure's or the deletion's own writes.
 */
export function keepOptOutsAsHashes(db: Db, companyId: number, contactIds: number[]) {
  if (contactIds.length === 0) return;
  const revoked = db
    .select({ number: contacts.number, how: contacts.marketingConsentHow, at: contacts.marketingConsentAt })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inList(contacts.id, contactIds), eq(contacts.marketingConsent, "revoked")))
    .all();
  for (const r of revoked) {
    if (r.number === "" || r.number.startsWith("apagado-")) continue;
    db.insert(campaignOptOuts)
      .values({ companyId, number: optOutKey(r.number), word: r.how ?? "agent", createdAt: r.at ?? new Date() })
      .onConflictDoNothing()
      .run();
  }
}

/** A new grant for the number (the person agreed again, as a contact): its hashed opt-out no longer applies. */
export function dropHashedOptOut(db: Db, companyId: number, number: string) {
  db.delete(campaignOptOuts).where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, optOutKey(number)))).run();
}

/**
 * The tenant migration 0027's second half, run when the hub wakes (SQLite has no SHA-256): opt-outs of numbers
 * that had no contact are kept as the number's hash. Nothing to do once done (one indexed look).
 */
export function hashPlainOptOuts(db: Db) {
  const plain = db
    .select()
    .from(campaignOptOuts)
    .where(notLike(campaignOptOuts.number, "sha256:%"))
    .all();
  if (plain.length === 0) return;
  db.transaction((tx) => {
    for (const row of plain) {
      tx.insert(campaignOptOuts)
        .values({ companyId: row.companyId, number: optOutKey(row.number), word: row.word, campaignId: row.campaignId, createdAt: row.createdAt })
        .onConflictDoNothing()
        .run();
    }
    tx.delete(campaignOptOuts).where(inArray(campaignOptOuts.id, plain.map((r) => r.id))).run();
  });
}
