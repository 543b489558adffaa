import { Hono } from "hono";
import {
  editMessageInput,
  forwardInput,
  IDEMPOTENCY_HEADER,
  listMessagesQuery,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_FILES,
  reactionInput,
  sendMessageInput,
} from "../../contracts/messages";
import { sendTemplateInput } from "../../contracts/whatsappTemplates";
import { HUB_MARK_HEADER } from "../../contracts/ws";
import { hubHere } from "../../hub/ports";
import { retryMessage } from "../../domain/messages/retryMessage";
import { deleteMessage } from "../../domain/messages/deleteMessage";
import { editMessage } from "../../domain/messages/editMessage";
import { listMessages } from "../../domain/messages/listMessages";
import { readMessageMedia } from "../../domain/messages/readMessageMedia";
import { showTicket } from "../../domain/tickets/showTicket";
import { readWithSession, requireAuth } from "../middleware/auth";
import { formBody, idParam, isMultipart, jsonBody, parseWith, query, type AppEnv, withParams } from "../http";
import { assertSendableFiles, removeStoredMedia, storeUploadedMedia } from "../../domain/messages/uploadedMedia";
import { parsePlatformId } from "../../contracts/ids";

/** A form's quotedMsg, read by the id contract; text that is not an id goes on as text, for the schema to refuse. */
const quotedIdOf = (value: FormDataEntryValue | null) => (typeof value === "string" && value ? (parsePlatformId(value.trim()) ?? value) : undefined);

/** /api/messages: a ticket's chat. Writes that touch a ticket go through the company's hub. */
export const messageRoutes = new Hono<AppEnv>()
  .get("/:ticketId", async (c) => {
    // Taken before the read, as on GET /api/tickets: a chat read before its room was joined can tell what it missed.
    const mark = hubHere(c.env).publishMark();
    const { ctx, result: page } = await readWithSession(c, (ctx) =>
      listMessages({ ctx, input: { ticketId: idParam(c, "ticketId"), ...query(c, listMessagesQuery) } }),
    );
    const ticketId = page.ticket.id;
    // Opening the chat reads it (only the owner's reading clears the badge), once the session is confirmed.
    if (page.ticket.unreadMessages > 0 && page.ticket.userId === ctx.user.id) {
      await ctx.hub.command("markTicketRead", { ticketId });
      page.ticket = { ...page.ticket, unreadMessages: 0 };
    }
    c.header(HUB_MARK_HEADER, mark);
    return c.json(page);
  })
  // Routes from here on authenticate first (Hono runs handlers in the order they are registered).
  .use(requireAuth)
  .get("/:id/media", async (c) => {
    const media = await readMessageMedia({ ctx: c.get("ctx"), input: { messageId: idParam(c) } });
    return new Response(media.body, { headers: media.headers });
  })
  .post("/:ticketId", async (c) => {
    const ctx = c.get("ctx");
    const ticketId = idParam(c, "ticketId");
    if (!isMultipart(c.req.header("content-type"))) {
      const input = await jsonBody(c, sendMessageInput);
      // A retried send names itself (issue 29): the verb answers the message already stored for this key.
      // A refused body stays unread until the verb's gates ran (withParams): who may write here is answered first.
      const clientId = c.req.header(IDEMPOTENCY_HEADER) ?? null;
      return c.json(await ctx.hub.command("sendMessage", withParams(input, { ticketId, clientId })), 201);
    }
    // Multipart: files in `medias`, caption in `body` (the composer's attachments).
    const form = await formBody(c, { maxBytes: MAX_MEDIA_BYTES * MAX_MEDIA_FILES });
    const files = form.getAll("medias").filter((f): f is File => f instanceof File);
    assertSendableFiles(files);
    const input = parseWith(sendMessageInput, {
      body: form.get("body") ?? "",
      quotedMsg: quotedIdOf(form.get("quotedMsg")),
      signMessage: form.get("signMessage") === "true",
    });
    const media = await storeUploadedMedia(ctx, files);
    try {
      return c.json(await ctx.hub.command("sendMessage", { ...input, ticketId, media }), 201);
    } catch (err) {
      await removeStoredMedia(ctx, media);
      throw err;
    }
  })
  // An approved template of the ticket's Cloud API connection (ADR 0050): the way to write once the 24-hour window closed.
  .post("/:ticketId/template", async (c) => {
    const input = await jsonBody(c, sendTemplateInput);
    return c.json(await c.get("ctx").hub.command("sendTemplate", withParams(input, { ticketId: idParam(c, "ticketId") })), 201);
  })
  // The chat was open when new messages arrived: the owner has read them (a colleague or an admin looking does not).
  .post("/:ticketId/read", async (c) => {
    const ctx = c.get("ctx");
    const ticket = await showTicket({ ctx, input: { id: idParam(c, "ticketId") } });
    return c.json(await ctx.hub.command("markTicketRead", { ticketId: ticket.id }));
  })
  .post("/edit/:id", async (c) => {
    const input = await jsonBody(c, editMessageInput);
    return c.json(await editMessage({ ctx: c.get("ctx"), input: withParams(input, { messageId: idParam(c) }) }));
  })
  .post("/:id/retry", async (c) => c.json(await retryMessage({ ctx: c.get("ctx"), input: { messageId: idParam(c) } })))
  .post("/:id/reactions", async (c) => {
    const body = await jsonBody(c, reactionInput);
    // Read when the command reads it, after its gates (jsonBody).
    const input = { messageId: idParam(c), get emoji() { return body.type; } };
    return c.json(await c.get("ctx").hub.command("reactToMessage", input), 201);
  })
  .delete("/:id", async (c) => c.json(await deleteMessage({ ctx: c.get("ctx"), input: { messageId: idParam(c) } })));

/** POST /api/message/forward (singular, as the spec calls it). */
export const forwardRoutes = new Hono<AppEnv>().use(requireAuth).post("/forward", async (c) => {
  const input = await jsonBody(c, forwardInput);
  return c.json(await c.get("ctx").hub.command("forwardMessage", input), 201);
});
