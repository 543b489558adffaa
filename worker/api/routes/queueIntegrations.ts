import { Hono } from "hono";
import { createQueueIntegrationInput, listQueueIntegrationsQuery, testSessionInput, updateQueueIntegrationInput } from "../../contracts/queueIntegrations";
import { createQueueIntegration } from "../../domain/queueIntegrations/createQueueIntegration";
import { deleteQueueIntegration } from "../../domain/queueIntegrations/deleteQueueIntegration";
import { getQueueIntegration } from "../../domain/queueIntegrations/getQueueIntegration";
import { listQueueIntegrations } from "../../domain/queueIntegrations/listQueueIntegrations";
import { testDialogflowSession } from "../../domain/queueIntegrations/testDialogflowSession";
import { updateQueueIntegration } from "../../domain/queueIntegrations/updateQueueIntegration";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/queueIntegration: queue integrations (spec 002). Secrets go in, never out (a webhook's once, on creation). */
export const queueIntegrationRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listQueueIntegrations({ ctx: c.get("ctx"), input: query(c, listQueueIntegrationsQuery) })))
  .get("/:id", async (c) => c.json(await getQueueIntegration({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  /** One exchange with a Dialogflow agent (the dialog's test button); the agent's failure is an answer, not an error. */
  .post("/testSession", async (c) => c.json(await testDialogflowSession({ ctx: c.get("ctx"), input: await jsonBody(c, testSessionInput) })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createQueueIntegrationInput);
    return c.json(await createQueueIntegration({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const body = await jsonBody(c, updateQueueIntegrationInput);
    return c.json(await updateQueueIntegration({ ctx: c.get("ctx"), input: { id, body } }));
  })
  .delete("/:id", async (c) => {
    await deleteQueueIntegration({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Integration deleted" });
  });
