import type { TFunction } from "i18next";
import type { OpenTicketConflict } from "../../../../../worker/contracts/tickets";

/**
 * Where a contact's live ticket is held, as ERR_OTHER_OPEN_TICKET's typed detail says it (issue 31 §4): its queue,
 * and its agent when the caller may see that ticket. The dialogs show it with a way to ask for the ticket; every
 * other action that meets the conflict says it in its error toast (lib/errors).
 */
export function heldSentence({ holder }: OpenTicketConflict, t: TFunction): string {
  const queue = holder.queue?.name ?? null;
  if (holder.user) return queue ? t("tickets.held.withAgentInQueue", { name: holder.user.name, queue }) : t("tickets.held.withAgent", { name: holder.user.name });
  if (queue) return t(holder.status === "pending" ? "tickets.held.waitingInQueue" : "tickets.held.inQueue", { queue });
  return t("tickets.held.noQueue");
}
