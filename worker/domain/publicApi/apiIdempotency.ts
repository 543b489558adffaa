import { and, eq, lt } from "drizzle-orm";
import { API_IDEMPOTENCY_TTL_MS } from "../../contracts/publicApi/scopes";
import type { Db } from "../../db/client";
import { apiRequests } from "../../db/tenant";
import { AppError } from "../errors";

/** How long a reserved key waits for its request to finish before another request may take it over. */
const PENDING_TTL_MS = 2 * 60 * 1000;

/** One Idempotency-Key of one token, and the request it was first sent with (method, path, body: requestHash). */
export interface ApiRequestSlot {
  companyId: number;
  tokenId: number;
  key: string;
  requestHash: string;
}

export type ApiReservation = { kind: "reserved" } | { kind: "replay"; status: number; body: unknown };

const slotRow = (slot: ApiRequestSlot) => and(eq(apiRequests.tokenId, slot.tokenId), eq(apiRequests.key, slot.key));

/**
 * Claims a key before the request runs (as domain/externalApi/idempotencyKeys.ts does for the send token). A key
 * already answered gives that answer back; a key used with another request, or whose request still runs, is a 409.
 * The insert is the claim: of two concurrent requests with one key, only one inserts, so only one acts.
 */
export async function reserveApiRequest(db: Db, slot: ApiRequestSlot, now = Date.now()): Promise<ApiReservation> {
  await db.delete(apiRequests).where(and(slotRow(slot), lt(apiRequests.expiresAt, new Date(now))));
  const inserted = await db
    .insert(apiRequests)
    .values({ ...slot, state: "pending", createdAt: new Date(now), expiresAt: new Date(now + PENDING_TTL_MS) })
    .onConflictDoNothing()
    .returning({ key: apiRequests.key });
  if (inserted.length > 0) return { kind: "reserved" };

  const existing = await db.select().from(apiRequests).where(slotRow(slot)).get();
  // Freed between our insert and this read (its request failed): the client may simply retry.
  if (!existing) throw new AppError("ERR_IDEMPOTENCY_KEY_IN_PROGRESS");
  if (existing.requestHash !== slot.requestHash) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED");
  if (existing.state === "pending") throw new AppError("ERR_IDEMPOTENCY_KEY_IN_PROGRESS");
  return { kind: "replay", status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseJson ?? "null") };
}

/** Keeps a successful answer for 24 hours of replays. */
export async function completeApiRequest(db: Db, slot: ApiRequestSlot, status: number, body: unknown, now = Date.now()) {
  await db
    .update(apiRequests)
    .set({ state: "done", responseStatus: status, responseJson: JSON.stringify(body ?? null), expiresAt: new Date(now + API_IDEMPOTENCY_TTL_MS) })
    .where(slotRow(slot));
}

/** A refused request changed nothing, so its key is freed: the client may fix the cause and send it again with it. */
export async function releaseApiRequest(db: Db, slot: ApiRequestSlot) {
  await db.delete(apiRequests).where(and(slotRow(slot), eq(apiRequests.state, "pending")));
}
