import { Hono } from "hono";
import { z } from "zod";
import { createMacroInput, updateMacroInput } from "../../contracts/automation/macros";
import { MAX_MEDIA_BYTES } from "../../contracts/messages";
import { createMacro } from "../../domain/macros/createMacro";
import { deleteMacro } from "../../domain/macros/deleteMacro";
import { deleteMacroMedia } from "../../domain/macros/deleteMacroMedia";
import { getMacroMedia } from "../../domain/macros/getMacroMedia";
import { listMacros } from "../../domain/macros/listMacros";
import { updateMacro } from "../../domain/macros/updateMacro";
import { uploadMacroMedia } from "../../domain/macros/uploadMacroMedia";
import { requireAuth } from "../middleware/auth";
import { formBody, formFile, idParam, jsonBody, type AppEnv } from "../http";

/** Whether a body asks for a company macro, whatever else it holds (the permission is checked before validation). */
const askedVisibility = z.looseObject({ visibility: z.unknown().optional() }).transform((body) => ({ sharing: body.visibility === "company" }));

/** /api/macros (issue 26 §3): the /macros page and the pickers that run them. */
export const macroRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listMacros({ ctx: c.get("ctx") })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createMacroInput);
    const { sharing } = await jsonBody(c, askedVisibility).catch(() => ({ sharing: false }));
    return c.json(await createMacro({ ctx: c.get("ctx"), input, sharing }), 201);
  })
  .put("/:id", async (c) => {
    const body = {
      asksToShare: async () => (await jsonBody(c, askedVisibility).catch(() => ({ sharing: false }))).sharing,
      patch: () => jsonBody(c, updateMacroInput),
    };
    return c.json(await updateMacro({ ctx: c.get("ctx"), input: { id: idParam(c), body } }));
  })
  .delete("/:id", async (c) => {
    await deleteMacro({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Macro deleted" });
  })
  .post("/:id/media", async (c) => {
    const readFile = async () => formFile(await formBody(c, { maxBytes: MAX_MEDIA_BYTES }), "file", { maxBytes: MAX_MEDIA_BYTES });
    return c.json(await uploadMacroMedia({ ctx: c.get("ctx"), input: { id: idParam(c), readFile } }));
  })
  .delete("/:id/media", async (c) => c.json(await deleteMacroMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .get("/:id/media", async (c) => {
    const { body, headers } = await getMacroMedia({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(body, 200, headers);
  });

/** POST /api/tickets/:ticketId/macros/:macroId/run: a macro on the ticket, in the hub's command queue. */
export const macroRunRoutes = new Hono<AppEnv>().post("/:ticketId/macros/:macroId/run", requireAuth, async (c) => {
  const ticketId = idParam(c, "ticketId");
  const macroId = idParam(c, "macroId");
  return c.json(await c.get("ctx").hub.command("runMacro", { ticketId, macroId }));
});
