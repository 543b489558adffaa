import { and, eq } from "drizzle-orm";
import { contacts } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { keepOptOutsAsHashes } from "../consent/hashedOptOuts";
import { messageMediaOfTickets, removeOrphanedMedia } from "../messages/orphanedMedia";
import { publishContactsDeleted, ticketsOfContacts } from "./events";

/** Deletes a contact with its tickets, messages, notes and message files (admins: contacts-page:deleteContact). */
export async function deleteContact({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "contacts-page:deleteContact");
  const mine = and(eq(contacts.id, input.id), eq(contacts.companyId, ctx.companyId));
  const found = await ctx.db.select({ id: contacts.id }).from(contacts).where(mine).get();
  if (!found) throw new AppError("ERR_NO_CONTACT_FOUND");
  const removedTickets = await ticketsOfContacts(ctx, [found.id]);
  const media = await messageMediaOfTickets(ctx, removedTickets.map((t) => t.id));
  // A contact that revoked marketing consent leaves its number's hash behind: it stays opted out.
  ctx.db.transaction(() => {
    keepOptOutsAsHashes(ctx.db, ctx.companyId, [found.id]);
    ctx.db.delete(contacts).where(mine).run();
  });
  removeOrphanedMedia(ctx, media);
  await publishContactsDeleted(ctx, [found.id], removedTickets);
}
