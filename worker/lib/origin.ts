/**
 * Which site a browser request comes from, by its Origin header (ADR 0005). Browsers send Origin on every request
 * that can change something (POST, PUT, DELETE, a websocket handshake) and a page of another site cannot forge
 * it; "null" is the opaque origin of a sandboxed frame, a data: page or a redirect chain, never ours. A request
 * without one comes from something that is not a browser page (curl, an integration), which holds no cookie of a
 * victim's.
 */
export type RequestOrigin = "ours" | "foreign" | "none";

export function requestOrigin(request: Request): RequestOrigin {
  const origin = request.headers.get("origin");
  if (origin === null) return "none";
  return origin === new URL(request.url).origin ? "ours" : "foreign";
}

export function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("upgrade")?.toLowerCase() === "websocket";
}
