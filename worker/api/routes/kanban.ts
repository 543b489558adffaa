import { Hono } from "hono";
import { kanbanBoardQuery, moveKanbanCardInput } from "../../contracts/kanban";
import { kanbanBoard } from "../../domain/kanban/kanbanBoard";
import { moveKanbanCard } from "../../domain/kanban/moveKanbanCard";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv, withParams } from "../http";

/** /api/ticket: the kanban board's cards (spec 002's GET /ticket/kanban) and its one-command move. */
export const kanbanRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/kanban", async (c) => c.json(await kanbanBoard({ ctx: c.get("ctx"), input: query(c, kanbanBoardQuery) })))
  .put("/kanban/:ticketId", async (c) => {
    const ticketId = idParam(c, "ticketId");
    const input = await jsonBody(c, moveKanbanCardInput);
    return c.json(await moveKanbanCard({ ctx: c.get("ctx"), input: withParams(input, { ticketId }) }));
  });
