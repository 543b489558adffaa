import { Hono } from "hono";
import {
  chatMediaFields,
  chatMessagesQuery,
  createChatInput,
  listChatsQuery,
  MAX_CHAT_MEDIA_BYTES,
  openDirectChatInput,
  sendChatMessageInput,
  updateChatInput,
} from "../../contracts/chats";
import { createChat } from "../../domain/chats/createChat";
import { deleteChat } from "../../domain/chats/deleteChat";
import { getChat } from "../../domain/chats/getChat";
import { getChatMessageMedia } from "../../domain/chats/getChatMessageMedia";
import { leaveChat } from "../../domain/chats/leaveChat";
import { listChatMessages } from "../../domain/chats/listChatMessages";
import { listChats } from "../../domain/chats/listChats";
import { markChatRead } from "../../domain/chats/markChatRead";
import { openDirectChat } from "../../domain/chats/openDirectChat";
import { sendChatMedia } from "../../domain/chats/sendChatMedia";
import { sendChatMessage } from "../../domain/chats/sendChatMessage";
import { updateChat } from "../../domain/chats/updateChat";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, isMultipart, jsonBody, parseWith, query, type AppEnv, withParams } from "../http";

/** /api/chats: internal chats (spec 002). Every verb checks membership; the reader is always the session's user. */
export const chatRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listChats({ ctx: c.get("ctx"), input: query(c, listChatsQuery) })))
  .post("/", async (c) => c.json(await createChat({ ctx: c.get("ctx"), input: await jsonBody(c, createChatInput) }), 201))
  .post("/direct", async (c) => c.json(await openDirectChat({ ctx: c.get("ctx"), input: await jsonBody(c, openDirectChatInput) })))
  .get("/:id", async (c) => c.json(await getChat({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .put("/:id", async (c) => {
    const id = idParam(c);
    return c.json(await updateChat({ ctx: c.get("ctx"), input: { id, patch: await jsonBody(c, updateChatInput) } }));
  })
  .delete("/:id", async (c) => {
    await deleteChat({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Chat deleted" });
  })
  .post("/:id/leave", async (c) => {
    await leaveChat({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Left the chat" });
  })
  // The spec's body names a userId; it is ignored: the reader is the session's user.
  .post("/:id/read", async (c) => c.json(await markChatRead({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/messages", async (c) => {
    const { pageNumber } = query(c, chatMessagesQuery);
    return c.json(await listChatMessages({ ctx: c.get("ctx"), input: { id: idParam(c), pageNumber } }));
  })
  .post("/:id/messages", async (c) => {
    const id = idParam(c);
    if (isMultipart(c.req.header("content-type"))) {
      const read = async () => {
        const form = await formBody(c, { maxBytes: MAX_CHAT_MEDIA_BYTES });
        const file = formFile(form, "file", { maxBytes: MAX_CHAT_MEDIA_BYTES });
        const fields = parseWith(chatMediaFields, { message: form.get("message") ?? undefined, mentions: form.get("mentions") ?? undefined });
        return { file, ...fields };
      };
      return c.json(await sendChatMedia({ ctx: c.get("ctx"), input: { id, read } }), 201);
    }
    const input = await jsonBody(c, sendChatMessageInput);
    return c.json(await sendChatMessage({ ctx: c.get("ctx"), input: withParams(input, { id }) }), 201);
  })
  .get("/:id/messages/:messageId/media", async (c) => {
    const { body, headers } = await getChatMessageMedia({ ctx: c.get("ctx"), input: { id: idParam(c), messageId: idParam(c, "messageId") } });
    return c.body(body, 200, headers);
  });
