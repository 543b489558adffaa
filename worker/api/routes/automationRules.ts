import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { createAutomationRuleInput, listAutomationRunsQuery, reorderAutomationRulesInput, updateAutomationRuleInput } from "../../contracts/automation/rules";
import { createAutomationRule } from "../../domain/automationRules/createAutomationRule";
import { deleteAutomationRule } from "../../domain/automationRules/deleteAutomationRule";
import { listAutomationRules } from "../../domain/automationRules/listAutomationRules";
import { listAutomationRuns } from "../../domain/automationRules/listAutomationRuns";
import { reorderAutomationRules } from "../../domain/automationRules/reorderAutomationRules";
import { updateAutomationRule } from "../../domain/automationRules/updateAutomationRule";
import { assertAutomationAccess } from "../../domain/automationRules/view";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** An admin's, checked before any body is read (a forbidden request is 403 whatever it carries). */
const adminsOnly = createMiddleware<AppEnv>(async (c, next) => {
  assertAutomationAccess(c.get("ctx"));
  await next();
});

/** /api/automation-rules: the company's automation rules (issue 26), in the order they run. */
export const automationRuleRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, adminsOnly)
  .get("/", async (c) => c.json(await listAutomationRules({ ctx: c.get("ctx") })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createAutomationRuleInput);
    return c.json(await createAutomationRule({ ctx: c.get("ctx"), input }), 201);
  })
  .post("/order", async (c) => {
    const input = await jsonBody(c, reorderAutomationRulesInput);
    return c.json(await reorderAutomationRules({ ctx: c.get("ctx"), input }));
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const body = await jsonBody(c, updateAutomationRuleInput);
    return c.json(await updateAutomationRule({ ctx: c.get("ctx"), input: { id, body } }));
  })
  .delete("/:id", async (c) => {
    await deleteAutomationRule({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.body(null, 204);
  });

/** /api/automation-runs: the rules' run log, newest first, by cursor. */
export const automationRunRoutes = new Hono<AppEnv>()
  .use("*", requireAuth, adminsOnly)
  .get("/", async (c) => c.json(await listAutomationRuns({ ctx: c.get("ctx"), input: query(c, listAutomationRunsQuery) })));
