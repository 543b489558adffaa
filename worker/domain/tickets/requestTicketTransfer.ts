import { and, eq, ne } from "drizzle-orm";
import type { TransferRequestInput, TransferRequestResult } from "../../contracts/tickets";
import { contacts, users } from "../../db/tenant";
import { openDirectChat } from "../chats/openDirectChat";
import { postChatMessage } from "../chats/messages";
import { assertChatsAllowed, memberChat } from "../chats/view";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { settingsFor } from "../settings/companySettingValues";
import { findLiveTicket } from "./findOpenTicket";
import { resolveConnection } from "./ticketRefs";
import { transferRequestText } from "./transferRequestTexts";

/**
 * POST /tickets/transferRequest (issue 31 §4): an agent who met ERR_OTHER_OPEN_TICKET asks for the contact's live
 * ticket. The request goes through the internal chat, as a direct message that mentions whoever can hand it over:
 * the agent who has the ticket, or the company's admins while nobody has it. The caller is never told who that is
 * (the ticket may be one they may not see), only which of the two was asked.
 */
export async function requestTicketTransfer({ ctx, input }: { ctx: Ctx; input: TransferRequestInput }): Promise<TransferRequestResult> {
  await assertChatsAllowed(ctx);
  const contact = await ctx.db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, ctx.companyId)))
    .get();
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const whatsappId = await resolveConnection(ctx, input.whatsappId);
  const live = await findLiveTicket(ctx.db, ctx.companyId, contact.id, whatsappId);
  if (!live) throw new AppError("ERR_NO_TICKET_FOUND", "The contact has no open ticket any more: start one.");

  const holder = live.userId !== null && live.userId !== ctx.user.id ? await userNamed(ctx, live.userId) : null;
  const asked = holder
    ? [holder]
    : await ctx.db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, ctx.companyId), eq(users.profile, "admin"), ne(users.id, ctx.user.id)))
        .all();
  if (asked.length === 0) throw new AppError("ERR_NO_PERMISSION", "Nobody can hand this ticket over to you.");

  const { language } = await settingsFor(ctx, ["language"]);
  const who = contact.name && contact.name !== contact.number ? `${contact.name} (${contact.number})` : contact.number;
  for (const user of asked) {
    const chat = await openDirectChat({ ctx, input: { userId: user.id } });
    const message = transferRequestText(language, { to: user.name, contact: who, queue: live.queueName });
    await postChatMessage(ctx, await memberChat(ctx, chat.id), { message, mentions: [user.id] });
  }
  return { asked: holder ? "agent" : "admins" };
}

function userNamed(ctx: Ctx, id: number) {
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId)))
    .get();
}
