import { API_IDEMPOTENCY_KEY_MAX } from "../../contracts/publicApi/scopes";
import { AppError } from "../../domain/errors";
import type { ApiCaller } from "../../domain/publicApi/authorizeApiToken";
import { completeApiRequest, releaseApiRequest, reserveApiRequest, type ApiRequestSlot } from "../../domain/publicApi/apiIdempotency";
import { sha256 } from "../../lib/crypto";
import type { AppContext } from "../http";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/**
 * Runs a POST of the public API under its `Idempotency-Key`, when it has one: the first request with the key acts
 * and its answer is kept; a repeat gets that answer back with `Idempotent-Replayed: true` and acts no more.
 *
 * Only 2xx answers are kept. A refusal (4xx, validation included, or a failure) changed nothing, so its key is freed:
 * sending the request again is as safe as replaying the refusal, and the client can fix the cause (a scope, a body,
 * a missing contact) and go on with the same key instead of being told the key is spent.
 */
export async function idempotent(c: AppContext, caller: ApiCaller, answer: () => Promise<Response>): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return answer();
  if (key.trim().length === 0 || key.length > API_IDEMPOTENCY_KEY_MAX) {
    throw new AppError("ERR_VALIDATION", `Invalid header: ${IDEMPOTENCY_KEY_HEADER}`, {
      fields: { [IDEMPOTENCY_KEY_HEADER]: `1 to ${API_IDEMPOTENCY_KEY_MAX} characters` },
    });
  }
  const url = new URL(c.req.url);
  const requestHash = await sha256(JSON.stringify([c.req.method, url.pathname, url.search, await c.req.text()]));
  const slot: ApiRequestSlot = { companyId: caller.user.companyId, tokenId: caller.tokenId, key, requestHash };
  const db = c.get("db");
  const reservation = await reserveApiRequest(db, slot);
  if (reservation.kind === "replay") {
    const headers = { [IDEMPOTENT_REPLAYED_HEADER]: "true" };
    return reservation.body === null ? c.body(null, reservation.status as 204, headers) : c.json(reservation.body as object, reservation.status as 200, headers);
  }
  let response: Response;
  try {
    response = await answer();
  } catch (err) {
    await releaseApiRequest(db, slot);
    throw err;
  }
  if (response.status < 200 || response.status > 299) {
    await releaseApiRequest(db, slot);
    return response;
  }
  const text = await response.clone().text();
  await completeApiRequest(db, slot, response.status, text ? JSON.parse(text) : null);
  return response;
}
