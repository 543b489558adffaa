import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../shared/columns";
import { companyId } from "../shared/companyId";
import { contacts } from "./contacts";
import { whatsapps } from "./whatsapp";

/**
 * The business-scoped user id (BSUID) Meta gives a WhatsApp user on a Cloud API connection (ADR 0050), and the
 * username they show, per connection and contact. A user with a username may write with no phone number at all:
 * the id is then how they are found and answered; one who later shares their number stays the same contact.
 * BSUIDs are scoped to Meta's business portfolio, so each connection keeps its own.
 */
export const contactCloudIds = sqliteTable(
  "contact_cloud_ids",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** "BR.1502576394655843", or a parent id "US.ENT.…" */
    userId: text("user_id").notNull(),
    /** The user's WhatsApp username, when they have one (it may change; the id does not). */
    username: text("username"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("contact_cloud_ids_user_uq").on(t.companyId, t.whatsappId, t.userId), index("contact_cloud_ids_contact_idx").on(t.companyId, t.contactId)],
);

export type ContactCloudId = typeof contactCloudIds.$inferSelect;
