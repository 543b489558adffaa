import type { Env } from "../env";

/**
 * The caller's address, as rate limits count it: only an address the platform vouches for. Cloudflare sets
 * cf-connecting-ip on every request and overwrites a client's own; x-real-ip and x-forwarded-for are whatever the
 * client wrote, and a limit keyed on them is one fresh header away from a fresh budget. A deployment that puts its
 * own proxy in front names the header that proxy sets in TRUSTED_PROXY_HEADER; of a list (x-forwarded-for) the
 * last entry is the one the proxy appended, the rest came from the client. Without any of them (a local run, ADR 0012),
 * every caller shares one budget rather than choose its own.
 */
export function clientIp(headers: Headers, env: Pick<Env, "TRUSTED_PROXY_HEADER">): string {
  const proxied = env.TRUSTED_PROXY_HEADER ? headers.get(env.TRUSTED_PROXY_HEADER)?.split(",").pop()?.trim() : undefined;
  return proxied || headers.get("cf-connecting-ip") || "local";
}
