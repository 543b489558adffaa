import { and, eq, or } from "drizzle-orm";
import type { BridgeEvent } from "../../contracts/bridge";
import { contacts } from "../../db/tenant";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import type { SystemCtx } from "../context";

type ContactEvent = Extract<BridgeEvent, { type: "contact" }>;
type Presence = Extract<BridgeEvent, { type: "presence" }>;

/** WhatsApp told us a contact's name, photo or LID changed. Names typed by agents are kept. */
export async function applyContactUpdate(ctx: SystemCtx, e: ContactEvent) {
  const mine = eq(contacts.companyId, ctx.companyId);
  const found = await ctx.db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, lid: contacts.lid, profilePicUrl: contacts.profilePicUrl })
    .from(contacts)
    .where(and(mine, e.lid ? or(eq(contacts.number, e.number), eq(contacts.lid, e.lid)) : eq(contacts.number, e.number)))
    .get();
  if (!found) return;
  const patch: { name?: string; lid?: string; profilePicUrl?: string } = {};
  if (e.name && found.name === found.number && e.name !== found.name) patch.name = e.name;
  if (e.lid && e.lid !== found.lid) patch.lid = e.lid;
  if (e.profilePicUrl && e.profilePicUrl !== found.profilePicUrl) patch.profilePicUrl = e.profilePicUrl;
  if (Object.keys(patch).length === 0) return;
  await ctx.db.update(contacts).set({ ...patch, updatedAt: new Date() }).where(and(mine, eq(contacts.id, found.id)));
  const view = await loadContactView(ctx.db, ctx.companyId, found.id);
  if (view) await publishContact(ctx, "update", view);
}

/** Typing and recording indicators: told to the company, not written (they change every few seconds). */
export async function publishPresence(ctx: SystemCtx, e: Presence) {
  const contact = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, e.chatId)))
    .get();
  if (!contact) return;
  const view = await loadContactView(ctx.db, ctx.companyId, contact.id);
  if (!view) return;
  const presence = e.presence === "composing" || e.presence === "recording" ? e.presence : "available";
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "contact", action: "update", contact: { ...view, presence } } }]);
}
