import { z } from "zod";
import { publicNote, publicPage, publicTicket } from "../../../contracts/publicApi/resources";
import { publicPageQuery } from "../../../contracts/publicApi/paging";
import {
  acceptTicketBody,
  addTicketTagsBody,
  createPublicNoteBody,
  listPublicTicketsQuery,
  ticketPath,
  ticketTagPath,
  transferTicketBody,
} from "../../../contracts/publicApi/tickets";
import { publicMessage } from "../../../contracts/publicApi/resources";
import { AppError } from "../../../domain/errors";
import { listTicketMessagesPage } from "../../../domain/publicApi/listTicketMessagesPage";
import { listTicketsPage } from "../../../domain/publicApi/listTicketsPage";
import { presentPublicMessage, presentPublicNote, presentPublicTicket } from "../../../domain/publicApi/present";
import { addTicketTags } from "../../../domain/tags/addTicketTags";
import { removeTicketTag } from "../../../domain/tags/removeTicketTag";
import { createTicketNote } from "../../../domain/ticketNotes/createTicketNote";
import { listNotesOfTicket } from "../../../domain/ticketNotes/listNotesOfTicket";
import { showTicket } from "../../../domain/tickets/showTicket";
import type { Ctx } from "../../../domain/context";
import type { UpdateTicketInput } from "../../../contracts/tickets";
import { publicRoute } from "../publicRoute";
import { EXAMPLE_MESSAGE, EXAMPLE_NOTE, EXAMPLE_TICKET } from "./examples";

/**
 * Tickets (issue 25): read them [tickets:read], and move them as an agent would [tickets:write]. Every action is
 * the UI's PUT /api/tickets/:id in the company's hub (updateTicket), so the transitions, their rules, history,
 * automatic messages and live updates are the UI's; the token acts as the admin who made it.
 */

/** The UI's ticket update, run by the hub one at a time; answers the ticket after it. */
async function changeTicket(ctx: Ctx, ticketId: number, changes: UpdateTicketInput) {
  return presentPublicTicket((await ctx.hub.command("updateTicket", { ticketId, changes }))!);
}

const ticketAnswer = { status: 200, schema: publicTicket, example: EXAMPLE_TICKET } as const;

export const ticketRoutes = [
  publicRoute(
    {
      method: "get",
      path: "/tickets",
      operationId: "listTickets",
      summary: "List tickets",
      description:
        "The company's tickets by last change (updatedAt) then id, oldest first: pass `updatedSince` to sync what changed, and follow `cursor` to the next page. A ticket that changes while you page comes again on a later page. Campaign sends nobody answered are not listed.",
      tag: "Tickets",
      scope: "tickets:read",
      query: listPublicTicketsQuery,
      response: { status: 200, schema: publicPage(publicTicket), example: { items: [EXAMPLE_TICKET], cursor: null } },
      errors: [],
    },
    async ({ ctx, query }) => {
      const page = await listTicketsPage({ ctx, input: query });
      return { items: page.items.map(presentPublicTicket), cursor: page.cursor };
    },
  ),
  publicRoute(
    {
      method: "get",
      path: "/tickets/:id",
      operationId: "getTicket",
      summary: "Get a ticket",
      tag: "Tickets",
      scope: "tickets:read",
      params: ticketPath,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params }) => presentPublicTicket(await showTicket({ ctx, input: { id: params.id } })),
  ),
  publicRoute(
    {
      method: "get",
      path: "/tickets/:id/messages",
      operationId: "listTicketMessages",
      summary: "List a ticket's messages",
      description: "Oldest to newest; follow `cursor` to the newer ones.",
      tag: "Tickets",
      scope: "tickets:read",
      params: ticketPath,
      query: publicPageQuery,
      response: { status: 200, schema: publicPage(publicMessage), example: { items: [EXAMPLE_MESSAGE], cursor: null } },
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params, query }) => {
      const page = await listTicketMessagesPage({ ctx, input: { ticketId: params.id, ...query } });
      return { items: page.items.map(presentPublicMessage), cursor: page.cursor };
    },
  ),
  publicRoute(
    {
      method: "get",
      path: "/tickets/:id/notes",
      operationId: "listTicketNotes",
      summary: "List a ticket's notes",
      description: "The internal notes written on this ticket, newest first.",
      tag: "Tickets",
      scope: "tickets:read",
      params: ticketPath,
      response: { status: 200, schema: z.strictObject({ items: z.array(publicNote) }), example: { items: [EXAMPLE_NOTE] } },
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params }) => ({ items: (await listNotesOfTicket({ ctx, input: { ticketId: params.id } })).map(presentPublicNote) }),
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/accept",
      operationId: "acceptTicket",
      summary: "Accept a ticket",
      description:
        "An agent takes a pending ticket: `userId`, or the token's maker when not given. Accepting a ticket its agent already holds changes nothing; one open with another agent answers 409 ERR_OTHER_OPEN_TICKET, as in the inbox; a closed ticket must be reopened instead (409 ERR_TICKET_CLOSED).",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      body: acceptTicketBody,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND", "ERR_TICKET_CLOSED", "ERR_OTHER_OPEN_TICKET"],
    },
    async ({ ctx, params, body }) => {
      const { userId } = body;
      const ticket = await showTicket({ ctx, input: { id: params.id } });
      if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED", "This ticket is closed: reopen it instead.");
      return changeTicket(ctx, ticket.id, { status: "open", userId });
    },
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/transfer",
      operationId: "transferTicket",
      summary: "Transfer a ticket",
      description:
        "To a queue, to an agent, or both, as the chat's transfer dialog does: with an agent the ticket is open with them, without one it waits as pending in the queue.",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      body: transferTicketBody,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND", "ERR_OTHER_OPEN_TICKET"],
    },
    async ({ ctx, params, body }) => {
      const { queueId, userId } = body;
      return changeTicket(ctx, params.id, { queueId, userId, status: userId ? "open" : "pending" });
    },
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/close",
      operationId: "closeTicket",
      summary: "Close a ticket",
      description:
        "Resolves the ticket as the chat's resolve button does: the connection's farewell (or the rating prompt, when ratings are on) goes to the contact. Closing a closed ticket changes nothing.",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params }) => changeTicket(ctx, params.id, { status: "closed" }),
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/reopen",
      operationId: "reopenTicket",
      summary: "Reopen a ticket",
      description:
        "A closed ticket opens again with the token's maker. 409 ERR_OTHER_OPEN_TICKET when the contact has another live ticket on the connection. A ticket that is not closed is answered as it is.",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND", "ERR_OTHER_OPEN_TICKET"],
    },
    async ({ ctx, params }) => {
      const ticket = await showTicket({ ctx, input: { id: params.id } });
      if (ticket.status !== "closed") return presentPublicTicket(ticket);
      return changeTicket(ctx, ticket.id, { status: "open" });
    },
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/notes",
      operationId: "createTicketNote",
      summary: "Add a note to a ticket",
      description: "An internal note (never sent to the contact), written as the token's maker.",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      body: createPublicNoteBody,
      response: { status: 201, schema: publicNote, example: EXAMPLE_NOTE },
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params, body }) => {
      const { body: note } = body;
      const ticket = await showTicket({ ctx, input: { id: params.id } });
      return presentPublicNote(await createTicketNote({ ctx, input: { ticketId: ticket.id, contactId: ticket.contact.id, note } }));
    },
  ),
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/tags",
      operationId: "addTicketTags",
      summary: "Add tags to a ticket",
      description: "The tags are added to those the ticket has. Every id must be one of the company's tags (400 naming `tagIds` otherwise, nothing changed).",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketPath,
      body: addTicketTagsBody,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND"],
    },
    async ({ ctx, params, body }) => presentPublicTicket(await addTicketTags({ ctx, input: { ticketId: params.id, tagIds: body.tagIds } })),
  ),
  publicRoute(
    {
      method: "delete",
      path: "/tickets/:id/tags/:tagId",
      operationId: "removeTicketTag",
      summary: "Remove a tag from a ticket",
      description: "A tag the ticket does not have leaves it as it is.",
      tag: "Tickets",
      scope: "tickets:write",
      params: ticketTagPath,
      response: ticketAnswer,
      errors: ["ERR_NO_TICKET_FOUND", "ERR_NO_TAG_FOUND"],
    },
    async ({ ctx, params }) => presentPublicTicket(await removeTicketTag({ ctx, input: { ticketId: params.id, tagId: params.tagId } })),
  ),
];
