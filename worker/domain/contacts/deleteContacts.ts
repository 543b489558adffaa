import { and, eq } from "drizzle-orm";
import type { BulkDeleteContactsInput } from "../../contracts/contacts";
import { inList } from "../../db/inList";
import { contacts } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { keepOptOutsAsHashes } from "../consent/hashedOptOuts";
import { messageMediaOfTickets, removeOrphanedMedia } from "../messages/orphanedMedia";
import { publishContactsDeleted, ticketsOfContacts } from "./events";

/**
 * The contacts page's bulk delete (admins: contacts-page:deleteContact). Ids of other companies, or of
 * contacts already gone, are passed over; the answer counts what was deleted.
 */
export async function deleteContacts({ ctx, input }: { ctx: Ctx; input: BulkDeleteContactsInput }) {
  requirePermission(ctx, "contacts-page:deleteContact");
  const ids = [...new Set(input.ids)];
  const removedTickets = await ticketsOfContacts(ctx, ids);
  const media = await messageMediaOfTickets(ctx, removedTickets.map((t) => t.id));
  // Contacts that revoked marketing consent leave their numbers' hashes behind: they stay opted out.
  const deleted = ctx.db.transaction(() => {
    keepOptOutsAsHashes(ctx.db, ctx.companyId, ids);
    return ctx.db
      .delete(contacts)
      .where(and(eq(contacts.companyId, ctx.companyId), inList(contacts.id, ids)))
      .returning({ id: contacts.id })
      .all()
      .map((r) => r.id);
  });
  removeOrphanedMedia(ctx, media);
  await publishContactsDeleted(ctx, deleted, removedTickets);
  return { deleted: deleted.length };
}
