import { and, eq } from "drizzle-orm";
import type { MacroAction } from "../../contracts/automation/macros";
import { allowedMediaTypes } from "../../contracts/messages";
import type { StoredMedia } from "../../contracts/views/message";
import type { MacroRunRefusal, MacroRunView } from "../../contracts/views/macro";
import { contacts, type MacroRow } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { sendMessage } from "../messages/sendMessage";
import { newMessageMediaKey, removeStoredMedia } from "../messages/uploadedMedia";
import { contactVariables, fillVariables } from "../outbound/fillVariables";
import { visibleTicket } from "../shared/visibleTicket";
import { addTicketTags } from "../tags/addTicketTags";
import { removeTicketTag } from "../tags/removeTicketTag";
import { createTicketNote } from "../ticketNotes/createTicketNote";
import { loadTicket } from "../tickets/presentTicket";
import { setTicketPriority } from "../tickets/setTicketPriority";
import { updateTicket } from "../tickets/updateTicket";
import { visibleMacro } from "./view";

/**
 * The hub command `runMacro` (POST /api/tickets/:ticketId/macros/:macroId/run): the macro's actions in order on the
 * ticket, as the agent who runs it, each through the verb the agent would use by hand (so a macro does only what
 * they could). The first refusal stops it and answers that refusal's code with which step failed and what ran
 * before it; those steps stand.
 */
export async function runMacro({ ctx, input }: { ctx: Ctx; input: { ticketId: number; macroId: number } }): Promise<MacroRunView> {
  const macro = await visibleMacro(ctx, input.macroId);
  const ticket = await visibleTicket(ctx, input.ticketId);
  const ran: MacroAction["type"][] = [];
  let fileSent = !macro.mediaPath;
  for (const [step, action] of macro.actions.entries()) {
    try {
      await runStep(ctx, ticket, action, fileSent ? null : macro);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const macroRun: MacroRunRefusal = { macroId: macro.id, failedStep: step, failedType: action.type, ran: [...ran] };
      throw new AppError(err.code, err.message, { ...err.details, macroRun });
    }
    if (action.type === "sendMessage") fileSent = true;
    ran.push(action.type);
  }
  return { macroId: macro.id, ran, ticket: await ticketInSight(ctx, ticket.id) };
}

async function runStep(ctx: Ctx, ticket: { id: number; contactId: number }, action: MacroAction, withFile: MacroRow | null) {
  const ticketId = ticket.id;
  switch (action.type) {
    case "sendMessage": {
      const contact = await ctx.db.select().from(contacts).where(and(eq(contacts.id, ticket.contactId), eq(contacts.companyId, ctx.companyId))).get();
      const body = contact ? fillVariables(action.body, contactVariables(contact)) : action.body;
      const media = withFile ? await copyForMessage(ctx, withFile) : [];
      try {
        await sendMessage({ ctx, input: { ticketId, body, quotedMsgId: null, signMessage: false, media } });
      } catch (err) {
        await removeStoredMedia(ctx, media);
        throw err;
      }
      return;
    }
    case "addTags":
      await addTicketTags({ ctx, input: { ticketId, tagIds: action.tagIds } });
      return;
    case "removeTags":
      for (const tagId of action.tagIds) await removeTicketTag({ ctx, input: { ticketId, tagId } });
      return;
    case "assignQueue":
      await updateTicket({ ctx, input: { ticketId, changes: { queueId: action.queueId, userId: null, status: "pending" } } });
      return;
    case "addNote":
      await createTicketNote({ ctx, input: { ticketId, contactId: ticket.contactId, note: action.body } });
      return;
    case "setPriority":
      await setTicketPriority({ ctx, input: { ticketId, priority: action.priority } });
      return;
    case "close":
      await updateTicket({ ctx, input: { ticketId, changes: { status: "closed" } } });
      return;
  }
}

/**
 * The macro's file as a message's own copy (under the messages' prefix), so changing or deleting the macro later
 * leaves sent messages whole. A file gone from storage is sent as text only.
 */
async function copyForMessage(ctx: Ctx, macro: MacroRow): Promise<StoredMedia[]> {
  const object = macro.mediaPath ? await ctx.env.MEDIA.get(macro.mediaPath) : null;
  if (!object) return [];
  const type = object.httpMetadata?.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const name = macro.mediaName ?? "file";
  const key = newMessageMediaKey(ctx.companyId, name);
  await ctx.env.MEDIA.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: type } });
  return [{ key, name, mediaType: allowedMediaTypes[type] ?? "application" }];
}

/** The ticket after the macro, if the agent still sees it (a transfer to a queue not theirs takes it away). */
async function ticketInSight(ctx: Ctx, ticketId: number) {
  try {
    await visibleTicket(ctx, ticketId);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  return (await loadTicket(ctx.db, ctx.companyId, ticketId)) ?? null;
}
