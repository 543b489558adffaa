import type { HubCommandMap, HubRegistry } from "../contracts/hubCalls";
import type { Ctx } from "./context";
import { createTicket } from "./tickets/createTicket";
import { deleteTicket } from "./tickets/deleteTicket";
import { updateTicket } from "./tickets/updateTicket";
import { closeAllTickets, releaseUserTickets } from "./tickets/bulkTransitions";
import { forwardMessage } from "./messages/forwardMessage";
import { markTicketRead } from "./messages/markTicketRead";
import { reactToMessage } from "./messages/reactToMessage";
import { sendMessage } from "./messages/sendMessage";
import { sendTemplate } from "./templates/sendTemplate";
import { sendCampaignTest } from "./campaigns/testCampaign";
import { runMacro } from "./macros/runMacro";
import { eraseContactSlice } from "./privacy/eraseContact";

/**
 * Verbs that change a ticket's status, owner or queue. They run only inside the company's CompanyHub, in its
 * command queue, one at a time; the API and verbs reach them through `ctx.hub.command(name, input)`.
 */
export const hubCommands = {
  createTicket,
  updateTicket,
  deleteTicket,
  sendMessage,
  sendTemplate,
  reactToMessage,
  forwardMessage,
  markTicketRead,
  closeAllTickets,
  releaseUserTickets,
  sendCampaignTest,
  runMacro,
  eraseContactSlice,
} satisfies HubRegistry<HubCommandMap, Ctx>;

export type { HubCommandInput, HubCommandName, HubCommandOutput } from "../contracts/hubCalls";
