import { createHash } from "node:crypto";

/**
 * How an erased contact's campaign opt-out is kept (issue 28): the number's SHA-256 instead of the number, so a person
 * who opted out stays opted out (campaigns check both forms) while the number itself is gone from the database.
 */
export function optOutKey(number: string): string {
  return `sha256:${createHash("sha256").update(number).digest("hex")}`;
}
