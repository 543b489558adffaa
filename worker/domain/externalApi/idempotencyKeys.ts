import { and, eq, lt } from "drizzle-orm";
import { IDEMPOTENCY_TTL_MS } from "../../contracts/externalApi";
import type { Db } from "../../db/client";
import { externalApiRequests } from "../../db/tenant";
import { sha256, toHex } from "../../lib/crypto";
import { AppError } from "../errors";

/** How long a reserved key waits for its request to finish before another request may take it over. */
const PENDING_TTL_MS = 2 * 60 * 1000;

export interface IdempotencySlot {
  companyId: number;
  whatsappId: number;
  key: string;
  requestHash: string;
}

export type Reservation = { kind: "reserved" } | { kind: "replay"; status: number; body: unknown };

/**
 * Claims an Idempotency-Key for one request before it sends anything. A key already answered returns that
 * answer (nothing is sent again); a key used with another request, or one whose request is still running,
 * is a 409. Expired rows (24 hours after the answer) no longer count.
 */
export async function reserveIdempotencyKey(db: Db, slot: IdempotencySlot, now = Date.now()): Promise<Reservation> {
  const mine = and(eq(externalApiRequests.whatsappId, slot.whatsappId), eq(externalApiRequests.key, slot.key));
  await db.delete(externalApiRequests).where(and(mine, lt(externalApiRequests.expiresAt, new Date(now))));
  const inserted = await db
    .insert(externalApiRequests)
    .values({ ...slot, state: "pending", createdAt: new Date(now), expiresAt: new Date(now + PENDING_TTL_MS) })
    .onConflictDoNothing()
    .returning({ key: externalApiRequests.key });
  if (inserted.length > 0) return { kind: "reserved" };

  const existing = await db.select().from(externalApiRequests).where(mine).get();
  // Freed between our insert and this read (expired and swept): the client may simply retry.
  if (!existing) throw new AppError("ERR_IDEMPOTENCY_KEY_IN_PROGRESS");
  if (existing.requestHash !== slot.requestHash) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED");
  if (existing.state === "pending") throw new AppError("ERR_IDEMPOTENCY_KEY_IN_PROGRESS");
  return { kind: "replay", status: existing.responseStatus ?? 201, body: JSON.parse(existing.responseJson ?? "null") };
}

/** Keeps the answer of a request that succeeded, for 24 hours of replays. */
export async function completeIdempotencyKey(db: Db, slot: IdempotencySlot, status: number, body: unknown, now = Date.now()) {
  await db
    .update(externalApiRequests)
    .set({ state: "done", responseStatus: status, responseJson: JSON.stringify(body), expiresAt: new Date(now + IDEMPOTENCY_TTL_MS) })
    .where(and(eq(externalApiRequests.whatsappId, slot.whatsappId), eq(externalApiRequests.key, slot.key)));
}

/** A refused request changed nothing, so its key is freed: the client may fix the cause and retry with it. */
export async function releaseIdempotencyKey(db: Db, slot: IdempotencySlot) {
  await db
    .delete(externalApiRequests)
    .where(
      and(
        eq(externalApiRequests.whatsappId, slot.whatsappId),
        eq(externalApiRequests.key, slot.key),
        eq(externalApiRequests.state, "pending"),
      ),
    );
}

/** A fingerprint of what is sent: the same key with a different number, text, flag or file is another request. */
export async function requestFingerprint(input: { number: string; body: string; closeTicket: boolean }, files: File[]): Promise<string> {
  const parts: string[] = [input.number, input.body, String(input.closeTicket)];
  for (const file of files) {
    const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
    parts.push(`${file.name}\u0000${file.type}\u0000${toHex(new Uint8Array(digest))}`);
  }
  return sha256(JSON.stringify(parts));
}
