import { Hono } from "hono";
import { createPromptInput, updatePromptInput } from "../../contracts/prompts";
import { createPrompt } from "../../domain/prompts/createPrompt";
import { deletePrompt } from "../../domain/prompts/deletePrompt";
import { getPrompt } from "../../domain/prompts/getPrompt";
import { listPrompts } from "../../domain/prompts/listPrompts";
import { updatePrompt } from "../../domain/prompts/updatePrompt";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, type AppEnv } from "../http";

/** /api/prompt: the AI assistant's prompts (spec 002). Keys go in, never out (masked). */
export const promptRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listPrompts({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getPrompt({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createPromptInput);
    return c.json(await createPrompt({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updatePromptInput);
    return c.json(await updatePrompt({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deletePrompt({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Prompt deleted" });
  });
