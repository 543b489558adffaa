import { API_TOKEN_RATE_LIMIT } from "../../contracts/publicApi/scopes";

interface Window {
  start: number;
  count: number;
}

/**
 * Each token's calls in the current fixed window, in the memory of the hub the calls run in. Every call of a token
 * reaches that one hub (the token names its company, edge.ts), so the count is exact while the hub lives and costs
 * no write; a hub that restarts starts a fresh window, which lets at most one more window's calls through.
 */
const windows = new Map<number, Window>();
/** Past this many tokens, windows that have ended are dropped, once per window (a hub of many integrations stays small). */
const PRUNE_AT = 1000;
let prunedAt = 0;

/**
 * Counts one call of the token (refused ones included, so hammering keeps the window closed) and answers the seconds
 * until its window ends when the call is over the limit, or null when it may go on.
 */
export function countApiCall(tokenId: number, now = Date.now(), limit = API_TOKEN_RATE_LIMIT): number | null {
  const windowMs = limit.windowSeconds * 1000;
  const start = now - (now % windowMs);
  if (windows.size >= PRUNE_AT && prunedAt !== start) {
    prunedAt = start;
    for (const [id, w] of windows) if (w.start < start) windows.delete(id);
  }
  const current = windows.get(tokenId);
  const window = current && current.start === start ? current : { start, count: 0 };
  window.count += 1;
  windows.set(tokenId, window);
  return window.count > limit.max ? Math.max(1, Math.ceil((start + windowMs - now) / 1000)) : null;
}
