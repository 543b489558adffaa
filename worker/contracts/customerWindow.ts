/**
 * Meta's customer-service window on the Cloud API (ADR 0050): free-form messages may follow the customer's last
 * message for 24 hours; after that only an approved template. Shared by the server's refusal and the composer.
 */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * When the window of a ticket closes: null when the connection is not a Cloud API one (WhatsApp Web has no
 * window); a past (or epoch) date when it has closed, or never opened.
 */
export function customerWindowClosesAt(channel: string | null | undefined, customerWroteAt: Date | string | null): Date | null {
  if (channel !== "cloud") return null;
  return new Date(customerWroteAt === null ? 0 : new Date(customerWroteAt).getTime() + CUSTOMER_WINDOW_MS);
}

/** Whether free text may go to the ticket's contact at `now`. */
export function windowOpen(channel: string | null | undefined, customerWroteAt: Date | string | null, now = Date.now()): boolean {
  const closesAt = customerWindowClosesAt(channel, customerWroteAt);
  return closesAt === null || now < closesAt.getTime();
}
