import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { contactCustomFields, contacts, type Contact } from "../../db/tenant";
import type { ContactView } from "../../contracts/views/contact";

export type { ContactView };

/** The columns a contact is answered with (the LID identity stays internal). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  profilePicUrl: contacts.profilePicUrl,
  active: contacts.active,
  isGroup: contacts.isGroup,
  disableBot: contacts.disableBot,
  presence: contacts.presence,
  lastInteractionAt: contacts.lastInteractionAt,
  undeliverableAt: contacts.undeliverableAt,
  marketingConsent: contacts.marketingConsent,
  marketingConsentAt: contacts.marketingConsentAt,
  marketingConsentHow: contacts.marketingConsentHow,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};
type ContactRow = Pick<Contact, keyof typeof contactColumns>;

/** Rows plus their extraInfo ({ id, name, value }, in the order they were saved), in one more query. */
export async function withExtraInfo(db: Db, companyId: number, rows: ContactRow[]): Promise<ContactView[]> {
  if (rows.length === 0) return [];
  const fields = await db
    .select({ contactId: contactCustomFields.contactId, id: contactCustomFields.id, name: contactCustomFields.name, value: contactCustomFields.value })
    .from(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), inList(contactCustomFields.contactId, rows.map((r) => r.id))))
    .orderBy(asc(contactCustomFields.id));
  return rows.map((row) => ({
    ...row,
    extraInfo: fields.filter((f) => f.contactId === row.id).map(({ id, name, value }) => ({ id, name, value })),
  }));
}

/** One contact of the company with its extraInfo, or null (another company's contact is simply not found). */
export async function loadContactView(db: Db, companyId: number, id: number): Promise<ContactView | null> {
  const row = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
    .get();
  if (!row) return null;
  return (await withExtraInfo(db, companyId, [row]))[0] ?? null;
}
