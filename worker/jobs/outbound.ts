import { emailJob, outboundJob } from "../contracts/outbound";
import { runAssistantJob } from "./assistant";
import { deliverQueuedEmail } from "./email";
import { runIntegrationJob } from "./integration";
import { runContactListCheckJob } from "./contactListCheck";
import { hubDirectory } from "../hub/ports";
import { AppError, type ErrorCode } from "../domain/errors";
import type { Env } from "../env";

/** Attempts before a send is marked failed (with the backoff below, about 15 minutes in all). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Attempts of a contact list check's batch before its numbers are recorded "unknown". */
export const MAX_CHECK_ATTEMPTS = 5;

/** Refusals that no retry can fix. */
const PERMANENT: ReadonlySet<ErrorCode> = new Set([
  "ERR_WAPP_INVALID_CONTACT",
  "ERR_NO_WAPP_FOUND",
  "ERR_VALIDATION",
  // The Cloud API's refusals that waiting minutes does not change (ADR 0050).
  "ERR_WAPP_WINDOW_CLOSED",
  "ERR_WAPP_MARKETING_LIMIT",
  "ERR_WAPP_OPTED_OUT",
  "ERR_WAPP_TOKEN_EXPIRED",
  "ERR_WAPP_TEMPLATE",
]);

/** Exponential backoff with full jitter: 2, 4, 8 … seconds, at most 5 minutes. */
export function retryDelaySeconds(attempt: number, random = Math.random): number {
  const cap = Math.min(300, 2 ** Math.max(1, attempt));
  return Math.max(1, Math.round(cap * random()));
}

/**
 * The OUTBOUND consumer: each job delivers one stored message through the session host, in its company's hub
 * (where the message lives). A refused or failed
 * call is retried with backoff (the connection may be reconnecting); a permanent refusal, or the last attempt,
 * marks the message failed (ERR_WAPP_INVALID_CONTACT / ERR_SENDING_WAPP_MSG) so the agent sees it and can retry.
 */
export async function handleOutboundBatch(batch: MessageBatch<unknown>, env: Env) {
  const hubs = hubDirectory(env);
  const assistantTurns: Promise<void>[] = [];
  for (const message of batch.messages) {
    const email = emailJob.safeParse(message.body);
    if (email.success) {
      const verdict = await deliverQueuedEmail(env, email.data, message.attempts);
      if (verdict === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      else message.ack();
      continue;
    }
    const parsed = outboundJob.safeParse(message.body);
    if (!parsed.success) {
      console.error("outbound: malformed job dropped", message.body);
      message.ack();
      continue;
    }
    const job = parsed.data;
    if (job.kind === "contactListCheck") {
      try {
        await runContactListCheckJob(hubs, env, job, message.attempts >= MAX_CHECK_ATTEMPTS);
        message.ack();
      } catch (err) {
        console.warn("contactListCheck: batch will be retried", { job, error: String(err), attempts: message.attempts });
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
      continue;
    }
    if (job.kind === "assistant" || job.kind === "integration") {
      // Each turn waits on an outside service: they run side by side, not one after another.
      assistantTurns.push(
        (job.kind === "assistant" ? runAssistantJob(hubs, env, job) : runIntegrationJob(hubs, env, job)).then(
          () => message.ack(),
          (err: unknown) => {
            console.warn(`${job.kind}: turn will be retried`, { job, error: String(err), attempts: message.attempts });
            if (message.attempts >= MAX_DELIVERY_ATTEMPTS) message.ack();
            else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
          },
        ),
      );
      continue;
    }
    try {
      await hubs.of(job.companyId).call("deliverOutbound", job);
      message.ack();
    } catch (err) {
      const code: ErrorCode = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
      if (PERMANENT.has(code) || message.attempts >= MAX_DELIVERY_ATTEMPTS) {
        console.warn("outbound: giving up", { job, code, attempts: message.attempts });
        await hubs.of(job.companyId).call("markDeliveryFailed", {
          job,
          code: PERMANENT.has(code) && code !== "ERR_NO_WAPP_FOUND" && code !== "ERR_VALIDATION" ? code : "ERR_SENDING_WAPP_MSG",
        });
        message.ack();
      } else {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  }
  await Promise.all(assistantTurns);
}
