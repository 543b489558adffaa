import { Hono } from "hono";
import { createTagInput, listTagsQuery, syncTagsInput, updateTagInput } from "../../contracts/tags";
import { kanbanLaneOrderInput } from "../../contracts/kanban";
import { orderKanbanLanes } from "../../domain/kanban/orderKanbanLanes";
import { addTicketTag } from "../../domain/tags/addTicketTag";
import { createTag } from "../../domain/tags/createTag";
import { deleteTag } from "../../domain/tags/deleteTag";
import { getTag } from "../../domain/tags/getTag";
import { listAllTags, listKanbanTags } from "../../domain/tags/listAllTags";
import { listTags } from "../../domain/tags/listTags";
import { removeTicketLaneTags } from "../../domain/tags/removeTicketLaneTags";
import { syncTicketTags } from "../../domain/tags/syncTicketTags";
import { updateTag } from "../../domain/tags/updateTag";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/tags: the tags page, the pickers' list, the kanban lanes and their order, and a ticket's tags (sync). */
export const tagRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listTags({ ctx: c.get("ctx"), input: query(c, listTagsQuery) })))
  .get("/list", async (c) => c.json(await listAllTags({ ctx: c.get("ctx") })))
  .get("/kanban", async (c) => c.json(await listKanbanTags({ ctx: c.get("ctx") })))
  .put("/kanban/order", async (c) => {
    const input = await jsonBody(c, kanbanLaneOrderInput);
    return c.json(await orderKanbanLanes({ ctx: c.get("ctx"), input }));
  })
  .post("/sync", async (c) => {
    const input = await jsonBody(c, syncTagsInput);
    return c.json(await syncTicketTags({ ctx: c.get("ctx"), input }));
  })
  .get("/:id", async (c) => c.json(await getTag({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createTagInput);
    return c.json(await createTag({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateTagInput);
    return c.json(await updateTag({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteTag({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Tag deleted" });
  });

/** /api/ticket-tags: the kanban board's moves (take a ticket out of its lane, put it in another). */
export const ticketTagRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .put("/:ticketId/:tagId", async (c) => {
    const input = { ticketId: idParam(c, "ticketId"), tagId: idParam(c, "tagId") };
    return c.json(await addTicketTag({ ctx: c.get("ctx"), input }));
  })
  .delete("/:ticketId", async (c) => c.json(await removeTicketLaneTags({ ctx: c.get("ctx"), input: { ticketId: idParam(c, "ticketId") } })));
