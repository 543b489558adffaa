import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BulkDeleteContactsInput } from "../../contracts/contacts";
import { contacts } from "../../db/schema";
import { requirePermission, type Ctx } from "../context";
import { messageMediaOfTickets, removeOrphanedMedia } from "../messages/orphanedMedia";
import { publishContactsDeleted, ticketsOfContacts } from "./events";

/**
 * The contacts page's bulk delete (admins: contacts-page:deleteContact). Ids of other companies, or of
 * contacts already gone, are passed over; the answer counts what was deleted. One batch, chunked under D1's
 * 100 bound parameters per statement.
 */
export async function deleteContacts({ ctx, input }: { ctx: Ctx; input: BulkDeleteContactsInput }) {
  requirePermission(ctx, "contacts-page:deleteContact");
  const ids = [...new Set(input.ids)];
  const removedTickets = await ticketsOfContacts(ctx, ids);
  const media = await messageMediaOfTickets(ctx, removedTickets.map((t) => t.id));
  const deletes: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    deletes.push(
      ctx.db
        .delete(contacts)
        .where(and(eq(contacts.companyId, ctx.companyId), inArray(contacts.id, ids.slice(i, i + 90))))
        .returning({ id: contacts.id }),
    );
  }
  const results = (await ctx.db.batch(deletes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as { id: number }[][];
  const deleted = results.flat().map((r) => r.id);
  removeOrphanedMedia(ctx, media);
  await publishContactsDeleted(ctx, deleted, removedTickets);
  return { deleted: deleted.length };
}
