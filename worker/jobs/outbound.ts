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
 * The delay before retrying a send whose connection cannot act now (ERR_WAPP_NOT_INITIALIZED: reconnecting, or its
 * session host died and its lease has not run out yet, ADR 0056): 4, 8, 16 … seconds at least (half fixed, half
 * jitter, at most 5 minutes), so the attempts before MAX_DELIVERY_ATTEMPTS wait 6½ minutes at the least, well past
 * a failover (the lease's 60 s, a heartbeat, the new host's start). Full jitter alone could spend them in seconds.
 */
export function notReadyDelaySeconds(attempt: number, random = Math.random): number {
  const cap = Math.min(300, 8 * 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(cap / 2 + (cap / 2) * random()));
}

/**
 * Sends Meta throttled (130429, the number's throughput; 131056, this person's pair rate) go back on the queue this
 * many times at most, each later than the one before; then the message shows ERR_WAPP_RATE_LIMITED (an agent can
 * retry it). About a day in all, so no send is lost to a busy hour.
 */
export const MAX_THROTTLED = 100;

/** Meta's pair rate allows about one message every 6 seconds to one person. */
const PAIR_RATE_SECONDS = 6;

/**
 * The delay before a throttled send's next try: growing with each throttle (4 s for the number, 6 s for a pair,
 * doubling, at most 15 minutes), half of it fixed and half jitter, so throttled sends neither come back at once nor
 * all together.
 */
export function throttleDelaySeconds(throttled: number, pair: boolean, random = Math.random): number {
  const cap = Math.min(900, (pair ? PAIR_RATE_SECONDS : 4) * 2 ** Math.max(0, throttled - 1));
  return Math.max(1, Math.round(cap / 2 + (cap / 2) * random()));
}

/** The longest delay the queue takes (24 hours); a send due later goes in hops. */
const MAX_QUEUE_DELAY_SECONDS = 24 * 60 * 60;

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
    if (job.kind === "send" && job.notBefore !== undefined && job.notBefore > Date.now() + 1000) {
      // Come too early (a delay the queue shortened, or one longer than it takes): back on the queue for the rest.
      await env.OUTBOUND.send(job, { delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.ceil((job.notBefore - Date.now()) / 1000)) });
      message.ack();
      continue;
    }
    try {
      await hubs.of(job.companyId).call("deliverOutbound", job);
      message.ack();
    } catch (err) {
      const code: ErrorCode = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
      if (code === "ERR_WAPP_RATE_LIMITED" && job.kind === "send" && (job.throttled ?? 0) < MAX_THROTTLED) {
        // Meta refused it for now (not sent): a new job, later, so the queue's own retry limit never drops it.
        const throttled = (job.throttled ?? 0) + 1;
        const pair = err instanceof AppError && err.details?.metaCode === 131056;
        await env.OUTBOUND.send({ ...job, throttled }, { delaySeconds: throttleDelaySeconds(throttled, pair) });
        message.ack();
        continue;
      }
      // A send Meta kept throttling MAX_THROTTLED times: shown as such.
      const throttledOut = code === "ERR_WAPP_RATE_LIMITED" && job.kind === "send";
      if (PERMANENT.has(code) || throttledOut || message.attempts >= MAX_DELIVERY_ATTEMPTS) {
        console.warn("outbound: giving up", { job, code, attempts: message.attempts });
        await hubs.of(job.companyId).call("markDeliveryFailed", {
          job,
          code: (PERMANENT.has(code) || throttledOut) && code !== "ERR_NO_WAPP_FOUND" && code !== "ERR_VALIDATION" ? code : "ERR_SENDING_WAPP_MSG",
        });
        message.ack();
      } else {
        message.retry({ delaySeconds: code === "ERR_WAPP_NOT_INITIALIZED" ? notReadyDelaySeconds(message.attempts) : retryDelaySeconds(message.attempts) });
      }
    }
  }
  await Promise.all(assistantTurns);
}
