import { Hono } from "hono";
import { createApiTokenInput } from "../../contracts/publicApi/tokens";
import { createApiToken } from "../../domain/publicApi/createApiToken";
import { listApiTokens } from "../../domain/publicApi/listApiTokens";
import { revokeApiToken } from "../../domain/publicApi/revokeApiToken";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, type AppEnv } from "../http";

/** /api/api-tokens: an admin's company API tokens (issue 25), with the UI's session; the tokens themselves call /api/v1. */
export const apiTokenRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listApiTokens({ ctx: c.get("ctx") })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createApiTokenInput);
    return c.json(await createApiToken({ ctx: c.get("ctx"), input }), 201);
  })
  .delete("/:id", async (c) => c.json(await revokeApiToken({ ctx: c.get("ctx"), input: { id: idParam(c) } })));
