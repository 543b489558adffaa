import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { whatsapps } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";

/**
 * A connection's external-API bearer token (POST /api/messages/send). Only its SHA-256 is stored: a leaked
 * database does not leak working tokens. 32 random bytes need no slow hash: there is nothing to guess.
 */
export function newConnectionToken(): string {
  return randomToken(32);
}

export function hashConnectionToken(token: string): Promise<string> {
  return sha256(token);
}

/** The connection a bearer token belongs to, or null (for the external API's authentication). */
export async function connectionByToken(db: Db, token: string) {
  if (!token) return null;
  const row = await db.select().from(whatsapps).where(eq(whatsapps.tokenHash, await hashConnectionToken(token))).get();
  return row ?? null;
}
