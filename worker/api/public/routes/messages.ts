import { publicMessage } from "../../../contracts/publicApi/resources";
import { sendPublicMessageBody, ticketPath } from "../../../contracts/publicApi/tickets";
import { presentPublicMessage } from "../../../domain/publicApi/present";
import { asPublicFields } from "../fieldNames";
import { publicRoute } from "../publicRoute";
import { EXAMPLE_MESSAGE } from "./examples";

/** Messages (issue 25): write on a ticket as its agent would [messages:send]. */
export const messageRoutes = [
  publicRoute(
    {
      method: "post",
      path: "/tickets/:id/messages",
      operationId: "sendTicketMessage",
      summary: "Send a text on a ticket",
      description:
        "As the chat's composer sends it, through the company's send queue: the ticket must be open (a pending one is accepted first, a closed one reopened), and on an official (Cloud API) connection the contact must have written in the last 24 hours. The answer is the message as stored, `pending` until WhatsApp takes it; its status changes follow.",
      tag: "Messages",
      scope: "messages:send",
      params: ticketPath,
      body: sendPublicMessageBody,
      response: { status: 201, schema: publicMessage, example: EXAMPLE_MESSAGE },
      errors: ["ERR_NO_TICKET_FOUND", "ERR_TICKET_CLOSED", "ERR_TICKET_NOT_OPEN", "ERR_WAPP_WINDOW_CLOSED"],
    },
    async ({ ctx, params, body }) => {
      const { body: text, quotedMessageId } = body;
      const [message] = await ctx.hub
        .command("sendMessage", { ticketId: params.id, body: text, quotedMsgId: quotedMessageId ?? null, signMessage: false })
        .catch(asPublicFields({ quotedMsg: "quotedMessageId" }));
      return presentPublicMessage(message!);
    },
  ),
];
