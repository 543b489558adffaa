import { Hono } from "hono";
import { createCompanyInput, updateCompanyInput, updateSchedulesInput } from "../../contracts/companies";
import { pagedSearchQuery } from "../../contracts/users";
import { createCompany } from "../../domain/companies/createCompany";
import { deleteCompany } from "../../domain/companies/deleteCompany";
import { getCompany } from "../../domain/companies/getCompany";
import { getCompanyPlan } from "../../domain/companies/getCompanyPlan";
import { listAllCompanies } from "../../domain/companies/listAllCompanies";
import { listCompanies } from "../../domain/companies/listCompanies";
import { updateCompany } from "../../domain/companies/updateCompany";
import { updateCompanySchedules } from "../../domain/companies/updateCompanySchedules";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv, withParams } from "../http";

/** /api/companies: the platform admin's, except a company's own plan, record and service hours. */
export const companyRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listCompanies({ ctx: c.get("ctx"), input: query(c, pagedSearchQuery) })))
  .get("/list", async (c) => c.json(await listAllCompanies({ ctx: c.get("ctx") })))
  .get("/listPlan/:companyId", async (c) =>
    c.json(await getCompanyPlan({ ctx: c.get("ctx"), input: { companyId: idParam(c, "companyId") } })),
  )
  .get("/:id", async (c) => c.json(await getCompany({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createCompanyInput);
    return c.json(await createCompany({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/:id/schedules", async (c) => {
    const id = idParam(c);
    const input = await jsonBody(c, updateSchedulesInput);
    return c.json(await updateCompanySchedules({ ctx: c.get("ctx"), input: withParams(input, { id }) }));
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateCompanyInput);
    return c.json(await updateCompany({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteCompany({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Company deleted" });
  });
