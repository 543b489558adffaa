import { isDeployment, type Env } from "../env";

/**
 * The one way out for a request to an address a tenant, a contact or an outside service chose (ADR 0043): queue
 * integrations, Typebot and its media, AI endpoints, Dialogflow, media by link. Every hop is checked:
 *   - https only, no user name or password in the URL;
 *   - no IP literal outside public unicast space (loopback, private, link-local, CGNAT, unique-local, multicast,
 *     documentation, 0.0.0.0/8, IPv4 inside IPv6 of those; decimal, octal and hex IPv4 spellings are normalised by
 *     the URL parser first), no "localhost", *.localhost, *.local, *.internal, *.home.arpa, single-label names;
 *   - redirects followed by hand (each Location checked again, at most MAX_REDIRECTS), credentials dropped when a
 *     redirect leaves the origin;
 *   - one timeout for all of it, and the body read as a stream up to a size cap.
 * Names cannot be resolved in a Worker, so a public name that resolves to a private address is not caught here;
 * Cloudflare's network does not route to private addresses (docs/security.md says what a self-hosted run needs).
 * The only exception is EGRESS_ALLOW: origins (the local fakes of `npm start` and the tests) allowed as they are.
 * A deployment never has it (assertEnv refuses it there).
 */
export interface EgressPolicy {
  /** Origins (scheme://host[:port]) allowed whatever their scheme and address. */
  allow: ReadonlySet<string>;
}

export const MAX_REDIRECTS = 5;
/** A JSON answer of an outside API: far more than any of them sends. */
export const MAX_JSON_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * EGRESS_ALLOW read as origins (entries that are not URLs dropped: assertEnv refuses them in the first place);
 * ignored in a deployment, should one have it anyway.
 */
export function egressPolicy(env: Pick<Env, "EGRESS_ALLOW" | "APP_ENV">): EgressPolicy {
  return { allow: new Set(isDeployment(env) ? [] : allowedOrigins(env.EGRESS_ALLOW)) };
}

export function allowedOrigins(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => {
      try {
        return [new URL(s).origin];
      } catch {
        return [];
      }
    });
}

export type EgressRefusal = "invalid" | "scheme" | "credentials" | "address" | "name";

/** Why a URL may not be called, in words fit for a form field; null when it may. */
export const EGRESS_MESSAGES: Record<EgressRefusal, string> = {
  invalid: "Must be a URL",
  scheme: "Must be an https URL",
  credentials: "Must not contain a user name or password",
  address: "Must not be a private, loopback, link-local or reserved address",
  name: "Must not be a local or internal host name",
};

export function egressRefusal(raw: string | URL, policy: EgressPolicy): EgressRefusal | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "scheme";
  if (url.username || url.password) return "credentials";
  if (policy.allow.has(url.origin)) return null;
  if (url.protocol !== "https:") return "scheme";
  return hostRefusal(url.hostname);
}

/** A host (as the URL parser gives it: IPv4 dotted, IPv6 in brackets, names lower-cased and punycoded). */
function hostRefusal(hostname: string): "address" | "name" | null {
  if (hostname.startsWith("[")) return publicIpv6(hostname.slice(1, -1)) ? null : "address";
  const host = hostname.replace(/\.+$/, "");
  const v4 = ipv4(host);
  if (v4) return publicIpv4(v4) ? null : "address";
  if (!host.includes(".")) return "name";
  if (INTERNAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return "name";
  return null;
}

const INTERNAL_SUFFIXES = ["localhost", "local", "internal", "localdomain", "home.arpa", "intranet", "lan"];

/**
 * A dotted-quad IPv4 host as its four octets, or null (a name). The URL parser has already written every other
 * spelling (decimal, octal, hex, fewer parts) in this form, so four runs of digits of at most 255 is an address.
 */
function ipv4(host: string): number[] | null {
  const octets = host.split(".").map((part) => (/^[0-9]+$/.test(part) && part.length <= 3 ? Number(part) : NaN));
  return octets.length === 4 && octets.every((octet) => octet <= 255) ? octets : null;
}

/** IPv4 blocks that are not public unicast (RFC 6890's special-purpose registry, multicast and reserved). */
const IPV4_BLOCKS: [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata (169.254.169.254)
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

const v4Number = (p: number[]) => ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;

export function publicIpv4(parts: number[]): boolean {
  const n = v4Number(parts);
  return !IPV4_BLOCKS.some(([base, bits]) => (n >>> (32 - bits)) === (v4Number(base) >>> (32 - bits)));
}

/** Eight 16-bit groups of an IPv6 address (with an IPv4 tail read too), or null. */
function ipv6Groups(text: string): number[] | null {
  let s = text.toLowerCase().replace(/%.*$/, "");
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail) {
    const v4 = ipv4(tail[1]!);
    if (!v4) return null;
    s = `${s.slice(0, -tail[1]!.length)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const read = (h: string) => (h ? h.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...new Array(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((g) => Number.isInteger(g)) ? groups : null;
}

/**
 * Only global unicast (2000::/3) outside its documentation, Teredo and ORCHID blocks; an IPv4 address carried
 * inside (6to4) must itself be public. Everything else (::, ::1, IPv4-mapped and -compatible, NAT64, fc00::/7,
 * fe80::/10, multicast) is refused, which covers IPv4-mapped spellings of private IPv4 addresses.
 */
export function publicIpv6(text: string): boolean {
  const g = ipv6Groups(text);
  if (!g) return false;
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && (g[1] === 0x0db8 || g[1] === 0 || (g[1]! & 0xfff0) === 0x0010 || (g[1]! & 0xfff0) === 0x0020)) return false;
  if (g[0] === 0x2002) return publicIpv4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]);
  return true;
}

/** A refused call, a body over its cap or a redirect chain too long: never retried. */
export class EgressError extends Error {
  constructor(
    readonly reason: "forbidden" | "too_large" | "redirects",
    message: string,
  ) {
    super(message);
    this.name = "EgressError";
  }
}

export interface EgressRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Bytes for a raw upload (the Cloud API's resumable upload). */
  body?: string | FormData | ArrayBuffer;
}

export interface EgressLimits {
  /** For the whole exchange: every hop and the body. */
  timeoutMs: number;
  maxBytes: number;
}

/** An answer read whole (up to the cap). */
export interface EgressAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The URL that answered, after redirects. */
  url: string;
  bytes: Uint8Array;
  text(): string;
}

/** Headers that may follow a redirect to another origin; anything else (a key, a signature) stays behind. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent"]);

/**
 * Calls `url` through the guard. Throws EgressError for a refusal, and what fetch throws for a timeout (a
 * TimeoutError) or a network failure, so callers keep their own words for those.
 */
export async function egressFetch(policy: EgressPolicy, url: string, request: EgressRequest, limits: EgressLimits): Promise<EgressAnswer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  let method = (request.method ?? "GET").toUpperCase();
  let headers = { ...request.headers };
  let body = request.body;
  for (let hop = 0; ; hop++) {
    const refusal = egressRefusal(current, policy);
    if (refusal) throw new EgressError("forbidden", `${hop ? "A redirect to " : ""}${redact(current)}: ${EGRESS_MESSAGES[refusal]}`);
    const res = await fetch(current, { method, headers, body, redirect: "manual", signal });
    const location = res.headers.get("location");
    if (![301, 302, 303, 307, 308].includes(res.status) || !location) {
      const bytes = await readCapped(res, limits.maxBytes);
      return { status: res.status, ok: res.ok, headers: res.headers, url: current, bytes, text: () => new TextDecoder().decode(bytes) };
    }
    await res.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new EgressError("redirects", `More than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new EgressError("forbidden", `A redirect to an invalid URL`);
    }
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
      headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== "content-type"));
    }
    if (next.origin !== new URL(current).origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k.toLowerCase())));
    current = next.href;
  }
}

/** The body as a stream, stopped at the cap (a declared length over it is refused before reading). */
async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new EgressError("too_large", `The answer is larger than ${maxBytes} bytes`);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new EgressError("too_large", `The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** A URL for a log or a note: origin and path, never a query (it may carry a token). */
export function redact(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "an invalid URL";
  }
}
