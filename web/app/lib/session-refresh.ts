import { fromBase64Url } from "../../../worker/lib/crypto";
import { ApiError, toApiError } from "./api-error";
import { storage } from "./storage";

/**
 * Refreshing the session, once at a time across every tab. The refresh token rotates on each use and the
 * server treats a replayed one as theft, so two tabs (or two calls in one tab) must never refresh with the
 * same cookie: a single in-tab promise plus a Web Lock across tabs, and a shared timestamp that lets a
 * waiter see that someone else already refreshed after its own request went out.
 */
const LOCK_NAME = "zapdesk:refresh";
const LAST_REFRESH_KEY = "zd:lastRefreshAt";
const ACCESS_EXPIRES_KEY = "zd:accessExpiresAt";
/** Refresh this long before the access token expires, so pages and the socket never meet an expired one. */
const EARLY_MS = 60_000;

export type RefreshOutcome = { ok: true } | { ok: false; error: ApiError };

let inflight: Promise<RefreshOutcome> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

interface RefreshNeed {
  /** When the failed request was sent: a refresh that finished after it makes a retry enough. */
  since: number;
  /** Proactive refreshes only: skip when the shared expiry is already later than this. */
  unlessValidUntil?: number;
}

export function refreshShared(need: RefreshNeed): Promise<RefreshOutcome> {
  inflight ??= withLock(() => refreshIfStill(need)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function withLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.locks?.request) {
    return navigator.locks.request(LOCK_NAME, run) as Promise<T>;
  }
  return run();
}

async function refreshIfStill(need: RefreshNeed): Promise<RefreshOutcome> {
  if (Number(storage.get(LAST_REFRESH_KEY) ?? 0) > need.since) return { ok: true };
  const validUntil = Number(storage.get(ACCESS_EXPIRES_KEY) ?? 0);
  if (need.unlessValidUntil !== undefined && validUntil > need.unlessValidUntil) {
    scheduleRefresh(validUntil);
    return { ok: true };
  }
  let res: Response;
  try {
    res = await fetch("/api/auth/refresh_token", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    return { ok: false, error: new ApiError(0, undefined, "network") };
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // Another request of this browser refreshed a moment ago; its new cookie is already ours.
    if (error.code === "ERR_REFRESH_RACE") return { ok: true };
    return { ok: false, error };
  }
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  storage.set(LAST_REFRESH_KEY, String(Date.now()));
  const expiresAt = body.token ? tokenExpiry(body.token) : null;
  if (expiresAt) {
    storage.set(ACCESS_EXPIRES_KEY, String(expiresAt));
    scheduleRefresh(expiresAt);
  }
  return { ok: true };
}

/** Arms the tab's proactive refresh for an access token expiring at `expiresAt` (ms). */
export function scheduleRefresh(expiresAt: number) {
  if (typeof window === "undefined") return;
  const shared = Number(storage.get(ACCESS_EXPIRES_KEY) ?? 0);
  if (expiresAt > shared) storage.set(ACCESS_EXPIRES_KEY, String(expiresAt));
  clearTimeout(timer);
  // A little jitter keeps several tabs from queueing on the lock at the same instant.
  const delay = Math.max(0, Math.max(expiresAt, shared) - Date.now() - EARLY_MS - Math.random() * 10_000);
  timer = setTimeout(() => {
    const now = Date.now();
    void refreshShared({ since: now, unlessValidUntil: now + EARLY_MS + 30_000 });
  }, delay);
}

/** Logging out or being logged out: nothing of the old session stays in the browser. */
export function forgetSession() {
  clearTimeout(timer);
  storage.remove(LAST_REFRESH_KEY);
  storage.remove(ACCESS_EXPIRES_KEY);
}

function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(token.split(".")[1] ?? "")));
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
