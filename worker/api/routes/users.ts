import { Hono } from "hono";
import { assignmentPauseInput, createUserInput, pagedSearchQuery, updateUserInput } from "../../contracts/users";
import { setAssignmentPause } from "../../domain/assignment/setAssignmentPause";
import { createUser } from "../../domain/users/createUser";
import { deleteUser } from "../../domain/users/deleteUser";
import { getUser } from "../../domain/users/getUser";
import { listCompanyUsers } from "../../domain/users/listCompanyUsers";
import { listUsers } from "../../domain/users/listUsers";
import { updateUser } from "../../domain/users/updateUser";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/users: the users page (admin), the pickers' list (everyone) and one's own profile. */
export const userRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/", async (c) => c.json(await listUsers({ ctx: c.get("ctx"), input: query(c, pagedSearchQuery) })))
  .get("/list", async (c) => c.json(await listCompanyUsers({ ctx: c.get("ctx") })))
  .get("/:id", async (c) => c.json(await getUser({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createUserInput);
    return c.json(await createUser({ ctx: c.get("ctx"), input }), 201);
  })
  .put("/me/assignment", async (c) => {
    const input = await jsonBody(c, assignmentPauseInput);
    return c.json(await setAssignmentPause({ ctx: c.get("ctx"), input }));
  })
  .put("/:id", async (c) => {
    const id = idParam(c);
    const patch = await jsonBody(c, updateUserInput);
    return c.json(await updateUser({ ctx: c.get("ctx"), input: { id, patch } }));
  })
  .delete("/:id", async (c) => {
    await deleteUser({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "User deleted" });
  });
