import { randomToken } from "./crypto";

/**
 * The security headers of every answer the worker gives: pages, the API, errors (ADR 0017). Built here only;
 * `worker/server.ts` puts them on each response, and a response that brings a policy of its own (stored media,
 * `servedMedia.ts`, sandboxed and stricter) keeps it.
 */

/** A fresh nonce for one page: Remix's inline scripts carry it, and only they may run inline. */
export function newCspNonce(): string {
  return randomToken(16);
}

/**
 * A page's policy: scripts only from our origin or with this response's nonce (Remix's inline context and
 * scroll scripts, the theme script, React's streaming scripts), nothing embeds us, nothing is embedded.
 */
/** Where the help videos play (ADR 0035). */
export const YOUTUBE_EMBED = "https://www.youtube-nocookie.com";

/**
 * Embedded Signup's Facebook SDK (issue 24), where the deployment offers it: Meta's script and the facebook.com frames
 * and calls it makes, or a fake SDK's own origin in a local run. On every page, as for the help videos: the
 * connections page is reached by client-side navigation under the policy of whichever page loaded first.
 */
function facebookSources(sdkUrl: string | undefined): { script: string; frame: string; connect: string } {
  if (!sdkUrl) return { script: "", frame: "", connect: "" };
  const sdk = new URL(sdkUrl);
  if (sdk.hostname === "connect.facebook.net") return { script: " https://connect.facebook.net", frame: " https://*.facebook.com", connect: " https://*.facebook.com" };
  return { script: ` ${sdk.origin}`, frame: ` ${sdk.origin}`, connect: "" };
}

function pagePolicy(url: URL, nonce: string, facebookSdk?: string): string {
  const facebook = facebookSources(facebookSdk);
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  // The signup page may show Cloudflare Turnstile (ADR 0026): its script and its frame, on that page only.
  const turnstile = url.pathname === "/signup" ? " https://challenges.cloudflare.com" : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${turnstile}${facebook.script}`,
    // Inline style attributes and <style> elements: React renders style props as attributes on the server, and
    // Radix's scroll lock and the emoji picker add <style> elements at run time. A style cannot run code; scripts,
    // which can, stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    // data: for QR codes and location thumbnails, blob: for previews of files about to be sent; contacts' profile
    // pictures are WhatsApp's own URLs; the help videos' thumbnails are YouTube's (/helps).
    "img-src 'self' data: blob: https://pps.whatsapp.net https://i.ytimg.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    // The API and the websocket (named: 'self' covers ws: only in browsers that implement CSP 3 on that point).
    `connect-src 'self' ${socket}${facebook.connect}`,
    // The service worker (/sw.js) and the spreadsheet reader's worker (a built asset).
    "worker-src 'self'",
    "manifest-src 'self'",
    // The help videos' player (/helps) is YouTube's privacy-enhanced embed: on every page, since the app reaches
    // /helps by client-side navigation under the policy of the page it was loaded with.
    `frame-src ${YOUTUBE_EMBED}${turnstile}${facebook.frame}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Anything that is not a page (JSON, text, redirects) loads nothing, runs nothing, and is never framed. */
const NON_PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Powerful features: only the microphone, for recording audio messages in the chat. Notifications are not a
 * Permissions-Policy feature (the browser asks the user for them); every name here is one Chromium knows, as an
 * unknown one is reported as an error on every page.
 */
const PERMISSIONS_POLICY = [
  "microphone=(self)",
  "camera=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "bluetooth=()",
  "midi=()",
  "display-capture=()",
  "accelerometer=()",
  "gyroscope=()",
  "magnetometer=()",
  "xr-spatial-tracking=()",
].join(", ");

/** One year; no includeSubDomains or preload, which would bind every other host of the deployer's domain. */
const HSTS = "max-age=31536000";

/**
 * The headers for the answer to `url`: a page (rendered with `nonce`) or anything else. HSTS only over HTTPS:
 * a browser ignores it on plain HTTP, and the local run is plain HTTP.
 */
export function securityHeaders({ url, nonce, facebookSdk }: { url: string; nonce?: string; facebookSdk?: string }): Record<string, string> {
  const parsed = new URL(url);
  return {
    "content-security-policy": nonce ? pagePolicy(parsed, nonce, facebookSdk) : NON_PAGE_POLICY,
    "x-content-type-options": "nosniff",
    // Older browsers that know no frame-ancestors.
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    ...(parsed.protocol === "https:" ? { "strict-transport-security": HSTS } : {}),
  };
}

/**
 * `response` with the security headers it lacks; a header it already has (the media's own CSP) is kept. A
 * websocket's 101 has no document to protect and cannot be rebuilt, so it passes as it is.
 */
export function withSecurityHeaders(response: Response, headers: Record<string, string>): Response {
  if (response.status === 101 || response.webSocket) return response;
  // Responses from a fetch (a hub's answer) have immutable headers: copy.
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(headers)) {
    if (!secured.headers.has(name)) secured.headers.set(name, value);
  }
  return secured;
}
