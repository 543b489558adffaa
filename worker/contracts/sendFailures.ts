/**
 * What a failed message offers (ADR 0050), the same rule for the chat's menu and the retry verb: "retry" only where
 * sending it again can help, the template dialog where the customer's 24-hour window closed.
 */

/** Refusals another try cannot change: not on WhatsApp (131026), stopped marketing (131050), window closed (131047). */
const RETRY_CANNOT_HELP: ReadonlySet<string> = new Set(["ERR_WAPP_INVALID_CONTACT", "ERR_WAPP_OPTED_OUT", "ERR_WAPP_WINDOW_CLOSED"]);

type Failure = { sendError: string | null; retryAt: Date | string | null };

/** A retry is already scheduled (Meta's marketing cap, 131049): the message waits for it. */
export function retryScheduled(message: Failure, now = Date.now()): boolean {
  return !!message.sendError && message.retryAt !== null && new Date(message.retryAt).getTime() > now;
}

/** Whether "retry" is offered for a message: it failed, for a reason a new try can help, and none is scheduled. */
export function retryCanHelp(message: Failure, now = Date.now()): boolean {
  return !!message.sendError && !RETRY_CANNOT_HELP.has(message.sendError) && !retryScheduled(message, now);
}

/** The customer's window closed (131047): an approved template is what can go instead. */
export function templateInstead(message: Failure): boolean {
  return message.sendError === "ERR_WAPP_WINDOW_CLOSED";
}
