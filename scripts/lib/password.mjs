import { pbkdf2Sync, randomBytes } from "node:crypto";

/** The worker's format (worker/lib/crypto.ts): pbkdf2-sha256$<iterations>$<salt>$<hash>, base64url, 32-byte hash. */
export const PBKDF2_ITERATIONS = 100_000;

export function hashPassword(password, iterations = PBKDF2_ITERATIONS) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(Buffer.from(password, "utf8"), salt, iterations, 32, "sha256");
  return `pbkdf2-sha256$${iterations}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}
