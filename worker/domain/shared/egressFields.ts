import type { Env } from "../../env";
import { EGRESS_MESSAGES, egressPolicy, egressRefusal } from "../../lib/egress";
import { fieldError } from "../errors";

/**
 * The egress guard at save time (ADR 0043): a URL field the worker will call is refused with a 400 naming the
 * field when the guard would refuse the call (not https, credentials in it, a private, loopback, link-local or
 * reserved address, a local name). The call itself is checked again, every time, when it is made.
 */
export function assertCallableUrls(env: Pick<Env, "EGRESS_ALLOW" | "APP_ENV">, fields: Record<string, string | undefined>) {
  const policy = egressPolicy(env);
  const refused: Record<string, string> = {};
  for (const [field, url] of Object.entries(fields)) {
    if (!url) continue;
    const refusal = egressRefusal(url, policy);
    if (refusal) refused[field] = EGRESS_MESSAGES[refusal];
  }
  if (Object.keys(refused).length) throw fieldError(refused);
}
