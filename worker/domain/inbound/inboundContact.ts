import { and, eq, inArray, or } from "drizzle-orm";
import { isBusinessScopedUserId, type BridgeInboundMessage } from "../../contracts/bridge";
import { contactCloudIds, contacts, type Contact } from "../../db/tenant";
import type { SystemCtx } from "../context";

export type InboundContact = Pick<Contact, "id" | "name" | "number" | "lid" | "isGroup" | "disableBot" | "profilePicUrl" | "undeliverableAt">;

export const inboundContactColumns = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  lid: contacts.lid,
  isGroup: contacts.isGroup,
  disableBot: contacts.disableBot,
  profilePicUrl: contacts.profilePicUrl,
  undeliverableAt: contacts.undeliverableAt,
};

/** Who a message is filed under: the group for group messages, else the sender (by number, or by LID). */
export function identityOf(m: BridgeInboundMessage) {
  const isGroup = m.isGroup;
  return { isGroup, number: isGroup ? m.chatId : m.from, lid: isGroup ? null : (m.lid ?? null) };
}

/**
 * The company's contacts that may be the message's sender: by number, by LID, or by the business-scoped user id
 * the connection knows them by (Cloud API). Unawaited, for a batch.
 */
export function candidateContacts(ctx: SystemCtx, m: BridgeInboundMessage, whatsappId: number) {
  const { number, lid } = identityOf(m);
  const byCloudId = m.userId
    ? inArray(
        contacts.id,
        ctx.db
          .select({ id: contactCloudIds.contactId })
          .from(contactCloudIds)
          .where(and(eq(contactCloudIds.companyId, ctx.companyId), eq(contactCloudIds.whatsappId, whatsappId), eq(contactCloudIds.userId, m.userId))),
      )
    : undefined;
  return ctx.db
    .select(inboundContactColumns)
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), or(eq(contacts.number, number), lid ? eq(contacts.lid, lid) : undefined, byCloudId)));
}

/**
 * The name WhatsApp gives the sender (or the group's subject); none for messages sent from the phone. A username
 * goes with it ("Maria (@maria.b)"), or alone: for a user who hides their number it is how they are known.
 */
function pushNameOf(m: BridgeInboundMessage): string | undefined {
  if (m.isGroup) return m.groupName?.trim();
  if (m.fromMe) return undefined;
  const name = m.name?.trim();
  const username = m.username?.trim() ? `@${m.username.trim().replace(/^@/, "")}` : undefined;
  return name && username ? `${name} (${username})` : (name || username);
}

/**
 * What an inbound message would change on the contact it belongs to, found among `found` (what candidateContacts
 * answered): the contact with the number wins over an old LID-only one; none means a new contact. A name an agent
 * typed is never overwritten, only a name that is just the number.
 */
export function contactPatchOf(m: BridgeInboundMessage, found: InboundContact[]): { existing: InboundContact | undefined; patch: Partial<Contact> } {
  const { number, lid } = identityOf(m);
  const pushName = pushNameOf(m);
  const existing = found.find((c) => c.number === number) ?? found[0];
  const patch: Partial<Contact> = {};
  if (!existing) return { existing, patch };
  if (pushName && existing.name === existing.number && pushName !== existing.name) patch.name = pushName;
  if (lid && existing.lid !== lid) patch.lid = lid;
  // A business-scoped id never replaces a number: a contact who shared theirs keeps it.
  if (existing.number !== number && !isBusinessScopedUserId(number) && !found.some((c) => c.number === number)) patch.number = number;
  // The contact wrote: WhatsApp delivers to them again (a 131026 was an old app or terms not yet accepted).
  if (existing.undeliverableAt && !m.fromMe) patch.undeliverableAt = null;
  return { existing, patch };
}

/**
 * The contact a message belongs to: the group for group messages, else the sender, found by number or by LID
 * (WhatsApp may address one person by either; both identities end up on one contact). Created on first
 * contact with the push name. `found` is what candidateContacts answered (read by the caller in its own batch).
 */
export async function upsertInboundContact(
  ctx: SystemCtx,
  m: BridgeInboundMessage,
  found: InboundContact[],
): Promise<{ contact: InboundContact; changed: boolean; created?: true }> {
  const { isGroup, number, lid } = identityOf(m);
  const mine = eq(contacts.companyId, ctx.companyId);
  const { existing, patch } = contactPatchOf(m, found);

  if (!existing) {
    const pushName = pushNameOf(m);
    const now = new Date();
    const inserted = await ctx.db
      .insert(contacts)
      .values({ companyId: ctx.companyId, name: pushName || number, number, lid, isGroup, lastInteractionAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning(inboundContactColumns);
    if (inserted[0]) return { contact: inserted[0], changed: true, created: true };
    // Lost a race with a contact created by an agent at the same moment: use theirs.
    const raced = await ctx.db.select(inboundContactColumns).from(contacts).where(and(mine, eq(contacts.number, number))).get();
    if (!raced) throw new Error(`inbound contact ${number} vanished`);
    return { contact: raced, changed: false };
  }

  if (Object.keys(patch).length === 0) return { contact: existing, changed: false };
  await ctx.db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(and(mine, eq(contacts.id, existing.id)));
  return { contact: { ...existing, ...patch }, changed: true };
}

/**
 * Keeps the business-scoped user id (and username) a Cloud API connection knows the contact by, so that the user
 * is found by it when they write without their number, and answered by it while no number is known.
 */
export async function rememberCloudId(ctx: SystemCtx, whatsappId: number, contactId: number, m: BridgeInboundMessage) {
  if (!m.userId) return;
  const now = new Date();
  const username = m.username ?? null;
  await ctx.db
    .insert(contactCloudIds)
    .values({ companyId: ctx.companyId, whatsappId, contactId, userId: m.userId, username, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [contactCloudIds.companyId, contactCloudIds.whatsappId, contactCloudIds.userId], set: { contactId, username, updatedAt: now } });
}
