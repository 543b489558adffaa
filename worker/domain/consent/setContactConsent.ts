import { and, eq } from "drizzle-orm";
import type { SetConsentInput } from "../../contracts/consent";
import { contacts } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { publishContact } from "../contacts/events";
import { loadContactView } from "../contacts/view";
import { writeConsent } from "./writeConsent";

/**
 * An agent (the contact drawer) or an integration (the public API) grants or revokes a contact's marketing consent;
 * any user of the company may, as they may edit the contact. Revoking is the opt-out: campaigns and marketing
 * schedules skip the contact from then on. The change and its audit entry commit together; a contact already in that
 * state is left as it is (nothing recorded).
 */
export async function setContactConsent({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number; consent: SetConsentInput; via: "agent" | "api"; apiTokenId?: number };
}) {
  const { id, consent, via } = input;
  const contact = await ctx.db
    .select({ id: contacts.id, name: contacts.name, state: contacts.marketingConsent })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, id)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const changed = ctx.db.transaction(() => {
    const wrote = writeConsent(ctx.db, ctx.companyId, id, { state: consent.state, how: via, userId: ctx.user.id });
    if (wrote) {
      recordAudit(ctx, {
        action: "contact.consentChanged",
        target: { type: "contact", id, label: contact.name },
        detail: { from: contact.state, to: consent.state, how: via },
        ...(via === "api" ? { actor: { kind: "api" as const, id: input.apiTokenId ?? null, name: ctx.user.name } } : {}),
      });
    }
    return wrote;
  });
  const view = await loadContactView(ctx.db, ctx.companyId, id);
  if (!view) throw new AppError("ERR_NO_CONTACT_FOUND");
  if (changed) await publishContact(ctx, "update", view);
  return view;
}
