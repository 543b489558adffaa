import { Hono } from "hono";
import { createTicketNoteInput, listTicketNotesQuery } from "../../contracts/ticketNotes";
import { createTicketNote } from "../../domain/ticketNotes/createTicketNote";
import { deleteTicketNote } from "../../domain/ticketNotes/deleteTicketNote";
import { listTicketNotes } from "../../domain/ticketNotes/listTicketNotes";
import { requireAuth } from "../middleware/auth";
import { idParam, jsonBody, query, type AppEnv } from "../http";

/** /api/ticket-notes: notes in the ticket's contact drawer. */
export const ticketNoteRoutes = new Hono<AppEnv>()
  .use("*", requireAuth)
  .get("/list", async (c) => c.json(await listTicketNotes({ ctx: c.get("ctx"), input: query(c, listTicketNotesQuery) })))
  .post("/", async (c) => {
    const input = await jsonBody(c, createTicketNoteInput);
    return c.json(await createTicketNote({ ctx: c.get("ctx"), input }), 201);
  })
  .delete("/:id", async (c) => {
    await deleteTicketNote({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.json({ message: "Note deleted" });
  });
