import type { ContactListCheckJob } from "../contracts/outbound";
import { createControlDb } from "../db/client";
import { cloudNumberOfConnection } from "../domain/cloud/cloudNumbers";
import { sessionHost } from "../domain/sessionHost/hostClient";
import type { WhatsappCheckResult } from "../db/tenant";
import type { CheckBatchOutcome } from "../domain/contactLists/recordContactListCheckBatch";
import { AppError, type ErrorCode } from "../domain/errors";
import type { HubDirectory } from "../domain/hubPort";
import type { Env } from "../env";

/** Numbers the bridge can ask about (its contract's digits); a longer one cannot be on WhatsApp's number plan. */
const ASKABLE = /^\d{5,20}$/;
/** The connection cannot answer at all: the check stops (resumable from this batch) rather than marking numbers. */
const STOPS: ReadonlySet<ErrorCode> = new Set(["ERR_WAPP_NOT_INITIALIZED", "ERR_NO_WAPP_FOUND"]);

/**
 * One batch of a contact list's WhatsApp check (ADR 0039), run by the OUTBOUND consumer outside the hub: the hub
 * names the batch, the session host is asked about it in one call, the hub records the answers and moves the
 * cursor, and the job for the next batch is enqueued. A failed call throws, so the queue retries it with backoff;
 * on the last attempt the batch's numbers are recorded "unknown" (or the check stops when the connection is down).
 */
export async function runContactListCheckJob(hubs: HubDirectory, env: Env, job: ContactListCheckJob, lastAttempt: boolean) {
  const hub = hubs.of(job.companyId);
  const ref = { checkId: job.checkId, run: job.run, cursor: job.cursor };
  const batch = await hub.call("nextContactListCheckBatch", ref);
  if (!batch) return;
  let outcome: CheckBatchOutcome;
  const askable = batch.items.filter((i) => ASKABLE.test(i.number));
  try {
    // The Cloud API cannot be asked whether a number is on WhatsApp: its numbers stay "unknown" (ADR 0050).
    const cloud = await cloudNumberOfConnection(createControlDb(env.DB), batch.whatsappId);
    const answers = askable.length > 0 && !cloud ? await sessionHost(env).checkNumbers(batch.whatsappId, askable.map((i) => i.number)) : [];
    const exists = new Map(answers.map((a) => [a.number, a.exists]));
    outcome = {
      results: batch.items.map((item) => {
        const answer = exists.get(item.number);
        const result: WhatsappCheckResult = answer === undefined ? "unknown" : answer ? "valid" : "invalid";
        return { itemId: item.id, result };
      }),
    };
  } catch (err) {
    const code: ErrorCode = err instanceof AppError ? err.code : "ERR_WAPP_CHECK_CONTACT";
    if (!lastAttempt) throw err;
    outcome = STOPS.has(code) ? { results: [], stop: code } : { results: batch.items.map((item) => ({ itemId: item.id, result: "unknown" as const })) };
  }
  const next = await hub.call("recordContactListCheckBatch", { ...ref, ...outcome });
  if (next) await env.OUTBOUND.send({ kind: "contactListCheck", companyId: job.companyId, ...next });
}
