import { and, desc, eq } from "drizzle-orm";
import type { ContactConsentView } from "../../contracts/views/contact";
import { contactConsentChanges, contacts, users } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** How many of a contact's consent changes the drawer shows (the newest first). */
export const CONSENT_HISTORY_LIMIT = 20;

/**
 * A contact's marketing consent for the drawer and the API: the state, since when, how and by whom, and its latest
 * changes as the company's proof (any user of the company reads it, as they read the contact).
 */
export async function getContactConsent({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ContactConsentView> {
  const contact = await ctx.db
    .select({ state: contacts.marketingConsent, at: contacts.marketingConsentAt, how: contacts.marketingConsentHow, userId: contacts.marketingConsentBy })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, input.id)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const history = await ctx.db
    .select({
      id: contactConsentChanges.id,
      state: contactConsentChanges.state,
      how: contactConsentChanges.how,
      at: contactConsentChanges.at,
      detail: contactConsentChanges.detail,
      userId: contactConsentChanges.userId,
      userName: users.name,
    })
    .from(contactConsentChanges)
    .leftJoin(users, eq(users.id, contactConsentChanges.userId))
    .where(and(eq(contactConsentChanges.companyId, ctx.companyId), eq(contactConsentChanges.contactId, input.id)))
    .orderBy(desc(contactConsentChanges.at), desc(contactConsentChanges.id))
    .limit(CONSENT_HISTORY_LIMIT);
  return { state: contact.state, at: contact.at, how: contact.how, userId: contact.userId, history };
}
