import { Hono } from "hono";
import { helpInput, helpUpdate } from "../../contracts/helps";
import { createHelp } from "../../domain/helps/createHelp";
import { deleteHelp } from "../../domain/helps/deleteHelp";
import { getHelp } from "../../domain/helps/getHelp";
import { listHelps } from "../../domain/helps/listHelps";
import { updateHelp } from "../../domain/helps/updateHelp";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, type AppEnv } from "../http";

/** /api/helps: the help videos (spec 001), read by everyone logged in, changed by super users. */
export const helpRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listHelps({ ctx: c.get("ctx") })))
  .get("/list", async (c) => c.json(await listHelps({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getHelp({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, helpInput);
    return c.json(await createHelp({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, helpUpdate);
    return c.json(await updateHelp({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteHelp({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Help deleted" });
  });
