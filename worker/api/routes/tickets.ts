import { Hono } from "hono";
import { z } from "zod";
import { closeAllInput, closeAllQuery, createTicketInput, listTicketsQuery, setTicketPriorityInput, transferRequestInput, updateTicketInput } from "../../contracts/tickets";
import { HUB_MARK_HEADER } from "../../contracts/ws";
import { countCloseAll } from "../../domain/tickets/bulkTransitions";
import { countUnreadTickets } from "../../domain/tickets/countUnreadTickets";
import { hubHere } from "../../hub/ports";
import { ticketHistory } from "../../domain/tickets/ticketHistory";
import { listTickets } from "../../domain/tickets/listTickets";
import { requestTicketTransfer } from "../../domain/tickets/requestTicketTransfer";
import { showTicket } from "../../domain/tickets/showTicket";
import { setTicketPriority } from "../../domain/tickets/setTicketPriority";
import { AppError } from "../../domain/errors";
import { readWithSession, requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

const uuidParam = z.string().uuid();

/** /api/tickets. Reads check the session in their own round trip (readWithSession); writes go through the hub. */
export const ticketRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    // Taken before the read: a publish between the two makes the mark older, never newer, than the list.
    const mark = hubHere(c.env).publishMark();
    const { result } = await readWithSession(c, (ctx) => listTickets({ ctx, input: query(c, listTicketsQuery) }));
    c.header(HUB_MARK_HEADER, mark);
    return c.json(result);
  })
  .get("/u/:uuid", async (c) => {
    const uuid = uuidParam.safeParse(c.req.param("uuid"));
    const { result } = await readWithSession(c, async (ctx) => {
      if (!uuid.success) throw new AppError("ERR_NO_TICKET_FOUND");
      return showTicket({ ctx, input: { uuid: uuid.data } });
    });
    return c.json(result);
  })
  .get("/unread", async (c) => c.json((await readWithSession(c, (ctx) => countUnreadTickets({ ctx }))).result))
  .get("/closeAll", async (c) =>
    c.json((await readWithSession(c, (ctx) => countCloseAll({ ctx, input: query(c, closeAllQuery) }))).result),
  )
  .get("/:id", async (c) => c.json((await readWithSession(c, (ctx) => showTicket({ ctx, input: { id: idParam(c) } }))).result))
  .post("/closeAll", requireAuth, async (c) =>
    c.json(await c.get("ctx").hub.command("closeAllTickets", await jsonBody(c, closeAllInput))),
  )
  .get("/:id/tracking", async (c) =>
    c.json((await readWithSession(c, (ctx) => ticketHistory({ ctx, input: { ticketId: idParam(c) } }))).result),
  )
  .post("/transferRequest", requireAuth, async (c) =>
    c.json(await requestTicketTransfer({ ctx: c.get("ctx"), input: await jsonBody(c, transferRequestInput) })),
  )
  .post("/", requireAuth, async (c) => {
    const input = await jsonBody(c, createTicketInput);
    return c.json(await c.get("ctx").hub.command("createTicket", input), 201);
  })
  .put("/:id", requireAuth, async (c) => {
    const ticketId = idParam(c);
    const changes = await jsonBody(c, updateTicketInput);
    return c.json(await c.get("ctx").hub.command("updateTicket", { ticketId, changes }));
  })
  .put("/:id/priority", requireAuth, async (c) => {
    const ticketId = idParam(c);
    const { priority } = await jsonBody(c, setTicketPriorityInput);
    return c.json(await setTicketPriority({ ctx: c.get("ctx"), input: { ticketId, priority } }));
  })
  .delete("/:id", requireAuth, async (c) => c.json(await c.get("ctx").hub.command("deleteTicket", { ticketId: idParam(c) })));
