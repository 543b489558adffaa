import { Hono } from "hono";
import {
  createQueueInput,
  createQueueOptionInput,
  listQueueOptionsQuery,
  MAX_QUEUE_MEDIA_BYTES,
  updateQueueInput,
  updateQueueOptionInput,
} from "../../contracts/queues";
import { createQueue } from "../../domain/queues/createQueue";
import { createQueueOption } from "../../domain/queues/createQueueOption";
import { deleteQueue } from "../../domain/queues/deleteQueue";
import { deleteQueueMedia } from "../../domain/queues/deleteQueueMedia";
import { deleteQueueOption } from "../../domain/queues/deleteQueueOption";
import { deleteQueueOptionMedia } from "../../domain/queues/deleteQueueOptionMedia";
import { getQueue } from "../../domain/queues/getQueue";
import { getQueueMedia } from "../../domain/queues/getQueueMedia";
import { getQueueOptionMedia } from "../../domain/queues/getQueueOptionMedia";
import { listQueueOptions } from "../../domain/queues/listQueueOptions";
import { listQueues } from "../../domain/queues/listQueues";
import { updateQueue } from "../../domain/queues/updateQueue";
import { updateQueueOption } from "../../domain/queues/updateQueueOption";
import { uploadQueueMedia } from "../../domain/queues/uploadQueueMedia";
import { uploadQueueOptionMedia } from "../../domain/queues/uploadQueueOptionMedia";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, query, type AppContext, type AppEnv } from "../http";

/** The one file of a media-upload form, read only when the verb asks for it (after its checks). */
const uploadedFile = (c: AppContext) => async () =>
  formFile(await formBody(c, { maxBytes: MAX_QUEUE_MEDIA_BYTES }), "file", { maxBytes: MAX_QUEUE_MEDIA_BYTES });

/** /api/queue: the queues page and every queue selector. Reads are for anyone of the company, writes for admins. */
export const queueRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listQueues({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getQueue({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createQueueInput);
    return c.json(await createQueue({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateQueueInput);
    return c.json(await updateQueue({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteQueue({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Queue deleted" });
  })
  .post("/:id/media-upload", async (c) => c.json(await uploadQueueMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile: uploadedFile(c) } })))
  .delete("/:id/media-upload", async (c) => c.json(await deleteQueueMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getQueueMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });

/** /api/queue-options: a queue's automatic menu, edited as a tree inside the queue dialog. */
export const queueOptionRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listQueueOptions({ ctx: c.get("ctx"), input: query(c, listQueueOptionsQuery) })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createQueueOptionInput);
    return c.json(await createQueueOption({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateQueueOptionInput);
    return c.json(await updateQueueOption({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => c.json(await deleteQueueOption({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/:id/media-upload", async (c) =>
    c.json(await uploadQueueOptionMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile: uploadedFile(c) } })),
  )
  .delete("/:id/media-upload", async (c) => c.json(await deleteQueueOptionMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getQueueOptionMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });
