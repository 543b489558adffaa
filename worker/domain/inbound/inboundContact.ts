import { and, eq, or } from "drizzle-orm";
import type { BridgeInboundMessage } from "../../contracts/bridge";
import { contacts, type Contact } from "../../db/tenant";
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

/** The company's contacts that may be the message's sender: by number, or by LID. Unawaited, for a batch. */
export function candidateContacts(ctx: SystemCtx, m: BridgeInboundMessage) {
  const { number, lid } = identityOf(m);
  return ctx.db
    .select(inboundContactColumns)
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), lid ? or(eq(contacts.number, number), eq(contacts.lid, lid)) : eq(contacts.number, number)));
}

/** The name WhatsApp gives the sender (or the group's subject); none for messages sent from the phone. */
function pushNameOf(m: BridgeInboundMessage): string | undefined {
  return m.isGroup ? m.groupName?.trim() : m.fromMe ? undefined : m.name?.trim();
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
  if (existing.number !== number && !found.some((c) => c.number === number)) patch.number = number;
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
): Promise<{ contact: InboundContact; changed: boolean }> {
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
    if (inserted[0]) return { contact: inserted[0], changed: true };
    // Lost a race with a contact created by an agent at the same moment: use theirs.
    const raced = await ctx.db.select(inboundContactColumns).from(contacts).where(and(mine, eq(contacts.number, number))).get();
    if (!raced) throw new Error(`inbound contact ${number} vanished`);
    return { contact: raced, changed: false };
  }

  if (Object.keys(patch).length === 0) return { contact: existing, changed: false };
  await ctx.db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(and(mine, eq(contacts.id, existing.id)));
  return { contact: { ...existing, ...patch }, changed: true };
}
