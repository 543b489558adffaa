/**
 * Whether the app's server answers (issue 29). The browser's navigator.onLine only knows whether there is a network
 * at all: on a captive Wi-Fi, with the server down, or under some emulations it stays true. Failed sends and a small
 * probe (GET /api/version, which the service worker never answers from its cache) say so too.
 */
let reachable = true;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (reachable === next) return;
  reachable = next;
  for (const listener of listeners) listener();
}

export const isReachable = () => reachable;

export function subscribeReachable(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A call to the server failed for want of network. */
export function reportUnreachable() {
  set(false);
}

/** Asks the server; answers whether it answered. */
export async function probeServer(): Promise<boolean> {
  try {
    const res = await fetch("/api/version", { cache: "no-store", credentials: "omit", headers: { accept: "application/json" } });
    set(res.ok);
  } catch {
    set(false);
  }
  return reachable;
}
