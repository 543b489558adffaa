import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { HttpError } from "./respond";

/** Headers a proxy adds when it relays a request for someone else. */
const RELAY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports an IPv4 peer). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

function sameToken(given: string, expected: string): boolean {
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * /health and /metrics tell who is connected, which leases this host holds, its id and its memory: not for the
 * world. With SESSION_HOST_METRICS_TOKEN configured only the bearer of that token reads them, from anywhere (a
 * monitoring system, through the reverse proxy). Without it only a caller on this machine does: the peer must be
 * on loopback, and a request that a proxy on this machine relayed for someone else (it carries x-forwarded-for,
 * forwarded or x-real-ip) does not count as the machine's own. Null when the caller may read them.
 */
export function probeRefusal(peer: { address: string | undefined; headers: IncomingHttpHeaders }, token: string | undefined): HttpError | null {
  if (token) {
    const given = /^bearer\s+(\S+)\s*$/i.exec(peer.headers.authorization ?? "")?.[1];
    return given && sameToken(given, token) ? null : new HttpError(401, "ERR_METRICS_TOKEN", "A bearer token (SESSION_HOST_METRICS_TOKEN) is required.");
  }
  const relayed = RELAY_HEADERS.some((name) => peer.headers[name] !== undefined);
  if (isLoopback(peer.address) && !relayed) return null;
  return new HttpError(403, "ERR_NO_PERMISSION", "Only answered on loopback; set SESSION_HOST_METRICS_TOKEN to read it from elsewhere.");
}

export function assertProbeAllowed(req: IncomingMessage, token: string | undefined): void {
  const refusal = probeRefusal({ address: req.socket.remoteAddress, headers: req.headers }, token);
  if (refusal) throw refusal;
}
