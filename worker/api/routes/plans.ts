import { Hono } from "hono";
import { planInput, planUpdate } from "../../contracts/plans";
import { createPlan } from "../../domain/plans/createPlan";
import { deletePlan } from "../../domain/plans/deletePlan";
import { getPlan } from "../../domain/plans/getPlan";
import { listPlans } from "../../domain/plans/listPlans";
import { updatePlan } from "../../domain/plans/updatePlan";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, type AppEnv } from "../http";

/** /api/plans: the platform admin's (the public list and the signup list are served at the edge, edge.ts). */
export const planRoutes = new Hono<AppEnv>()
  .get("/all", requireAuth, async (c) => c.json(await listPlans({ ctx: c.get("ctx") })))
  .get("/:id", requireAuth, async (c) => c.json(await getPlan({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", requireAuth, async (c) => {
    const input = await jsonBody(c, planInput);
    return c.json(await createPlan({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id", requireAuth, async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, planUpdate);
    return c.json(await updatePlan({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", requireAuth, async (c) => {
    await deletePlan({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Plan deleted" });
  });
