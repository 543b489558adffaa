import { Hono } from "hono";
import { z } from "zod";
import { closeAllInput, createTicketInput, listTicketsQuery, updateTicketInput } from "../../contracts/tickets";
import { ticketHistory } from "../../domain/tickets/ticketHistory";
import { listTickets } from "../../domain/tickets/listTickets";
import { showTicket } from "../../domain/tickets/showTicket";
import { runInHub } from "../../hub/runInHub";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

const uuidParam = z.string().uuid();

export const ticketRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await listTickets({ ctx: c.get("ctx"), input: query(c, listTicketsQuery) })))
  .get("/u/:uuid", async (c) => {
    const uuid = uuidParam.safeParse(c.req.param("uuid"));
    if (!uuid.success) return c.json({ error: "ERR_NO_TICKET_FOUND", message: "Ticket not found." }, 404);
    return c.json(await showTicket({ ctx: c.get("ctx"), input: { uuid: uuid.data } }));
  })
  .get("/:id", async (c) => c.json(await showTicket({ ctx: c.get("ctx"), input: { id: idParam(c) } })))
  .post("/closeAll", async (c) => c.json(await runInHub(c.get("ctx"), "closeAllTickets", await jsonBody(c, closeAllInput))))
  .get("/:id/tracking", async (c) => c.json(await ticketHistory({ ctx: c.get("ctx"), input: { ticketId: idParam(c) } })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createTicketInput);
    return c.json(await runInHub(c.get("ctx"), "createTicket", input), 201);
  })
  .put("/:id", async (c) => {
    const ticketId = idParam(c);
    const changes = await jsonBody(c, updateTicketInput);
    return c.json(await runInHub(c.get("ctx"), "updateTicket", { ticketId, changes }));
  })
  .delete("/:id", async (c) => c.json(await runInHub(c.get("ctx"), "deleteTicket", { ticketId: idParam(c) })));
