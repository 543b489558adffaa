import { Hono } from "hono";
import {
  createQuickMessageInput,
  listQuickMessagesQuery,
  MAX_QUICK_MESSAGE_MEDIA_BYTES,
  updateQuickMessageInput,
} from "../../contracts/quickMessages";
import { createQuickMessage } from "../../domain/quickMessages/createQuickMessage";
import { deleteQuickMessage } from "../../domain/quickMessages/deleteQuickMessage";
import { deleteQuickMessageMedia } from "../../domain/quickMessages/deleteQuickMessageMedia";
import { getQuickMessage } from "../../domain/quickMessages/getQuickMessage";
import { getQuickMessageMedia } from "../../domain/quickMessages/getQuickMessageMedia";
import { listQuickMessages } from "../../domain/quickMessages/listQuickMessages";
import { listUsableQuickMessages } from "../../domain/quickMessages/listUsableQuickMessages";
import { updateQuickMessage } from "../../domain/quickMessages/updateQuickMessage";
import { uploadQuickMessageMedia } from "../../domain/quickMessages/uploadQuickMessageMedia";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/quick-messages: the quick messages page, the composer's "/" menu and attachments. */
export const quickMessageRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listQuickMessages({ ctx: c.get("ctx"), input: query(c, listQuickMessagesQuery) })))
  .get("/list", async (c) => c.json(await listUsableQuickMessages({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getQuickMessage({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createQuickMessageInput);
    return c.json(await createQuickMessage({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateQuickMessageInput);
    return c.json(await updateQuickMessage({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteQuickMessage({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Quick message deleted" });
  })
  // The spec's form also sends typeArch; the stored type is the file's own.
  .post("/:id/media-upload", async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_QUICK_MESSAGE_MEDIA_BYTES }), "file", { maxBytes: MAX_QUICK_MESSAGE_MEDIA_BYTES });
    return c.json(await uploadQuickMessageMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile } }));
  })
  .delete("/:id/media-upload", async (c) => c.json(await deleteQuickMessageMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getQuickMessageMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });
