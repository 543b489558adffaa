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
