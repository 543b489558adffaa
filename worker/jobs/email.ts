import type { EmailJob } from "../contracts/outbound";
import type { Env } from "../env";
import { EmailSendError, emailSettings, sendEmail, type OutgoingEmail } from "../lib/resend";

/** Attempts of a queued e-mail before it is given up (with the queue's backoff, about 15 minutes in all). */
export const MAX_EMAIL_ATTEMPTS = 8;

/**
 * Sends an e-mail now (the caller runs this after its answer, in waitUntil); a send that fails and may succeed later
 * goes to the OUTBOUND queue, which retries it with backoff. The same idempotency key travels with it, so the
 * provider delivers it once however it was retried.
 */
export async function sendOrQueueEmail(env: Env, email: OutgoingEmail, id: string = crypto.randomUUID()): Promise<void> {
  const settings = emailSettings(env);
  if (!settings) {
    console.warn("email: EMAIL_API_KEY / EMAIL_FROM are not set; not sent", { to: email.to, subject: email.subject });
    return;
  }
  try {
    await sendEmail(settings, email, id);
  } catch (err) {
    if (err instanceof EmailSendError && !err.retryable) {
      console.error("email: refused by the provider", { to: email.to, status: err.status, message: err.message });
      return;
    }
    await env.OUTBOUND.send({ kind: "email", id, ...email });
  }
}

/** The queue's part: one retry of a queued e-mail. Answers whether the queue should try again. */
export async function deliverQueuedEmail(env: Env, job: EmailJob, attempts: number): Promise<"done" | "retry"> {
  const settings = emailSettings(env);
  if (!settings) return "done";
  const { kind: _kind, id, ...email } = job;
  try {
    await sendEmail(settings, email, id);
    return "done";
  } catch (err) {
    const retryable = err instanceof EmailSendError ? err.retryable : true;
    if (retryable && attempts < MAX_EMAIL_ATTEMPTS) return "retry";
    console.error("email: giving up", { to: job.to, attempts, err: String(err) });
    return "done";
  }
}
