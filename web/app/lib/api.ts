import { browserI18n } from "../i18n";
import { ApiError, toApiError } from "./api-error";
import { forgetSession, refreshShared } from "./session-refresh";
import { forgetOfflineData } from "./offline";
import { toast } from "./toast";

export { ApiError } from "./api-error";

type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** false for calls made without a session (login, public settings): no refresh, no redirect. */
  auth?: boolean;
  /** Extra request headers (a send's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Sees the successful answer's headers before its body is read. */
  onHeaders?: (headers: Headers) => void;
}

/** Codes that mean the session cannot continue: the tab goes back to /login. */
const SESSION_ENDING = new Set(["ERR_SESSION_EXPIRED", "ERR_SESSION_REPLACED", "ERR_COMPANY_INACTIVE", "ERR_SUBSCRIPTION_EXPIRED"]);

/**
 * The client for our own API: same origin, the httpOnly session cookies carry auth, JSON both ways.
 * An expired access token is refreshed once (shared across tabs) and the call retried; a 403 also gets one
 * retry after a refresh (spec); a session that cannot continue sends the tab to /login.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const send = () => {
    const startedAt = Date.now();
    return fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      credentials: "same-origin",
      signal: options.signal,
      headers: {
        accept: "application/json",
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    }).then((res) => ({ res, startedAt }));
  };

  let { res, startedAt } = await send();
  if (options.auth !== false && (res.status === 401 || res.status === 403)) {
    const first = await toApiError(res);
    if ((res.status === 401 && first.code === "ERR_SESSION_EXPIRED") || res.status === 403) {
      const refreshed = await refreshShared({ since: startedAt });
      if (!refreshed.ok) {
        if (refreshed.error.status === 401 || SESSION_ENDING.has(refreshed.error.code ?? "")) {
          throw endSession(refreshed.error);
        }
        throw first;
      }
      ({ res } = await send());
    }
    if (res.status === 401) throw endSession(await toApiError(res));
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // Two-factor sign-in required and not yet on (issue 28): the only page this session may use is the enrolment.
    if (error.code === "ERR_TWO_FACTOR_REQUIRED" && typeof window !== "undefined" && window.location.pathname !== "/security") {
      window.location.assign("/security");
    }
    throw error;
  }
  options.onHeaders?.(res.headers);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `/api${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

let ending = false;

/**
 * The session is over: clear what the tab keeps and go to /login, which says why (a session replaced by a login
 * elsewhere also says so here first and leaves after 1 s, as the spec has it) and, once logged in again, brings
 * the agent back to this page (`redirectTo`). Returns the error to throw, marked as already shown.
 */
export function endSession(error: ApiError): ApiError {
  const handled = new ApiError(error.status, error.code, error.message, error.fields, error.body, true, error.openTicket);
  if (ending || typeof window === "undefined") return handled;
  ending = true;
  forgetSession();
  void forgetOfflineData();
  const params = new URLSearchParams();
  if (error.code && error.code !== "ERR_SESSION_EXPIRED" && SESSION_ENDING.has(error.code)) params.set("ended", error.code);
  if (typeof error.body.dueDate === "string") params.set("detail", error.body.dueDate);
  const here = `${window.location.pathname}${window.location.search}`;
  if (here !== "/tickets") params.set("redirectTo", here);
  const qs = params.toString();
  const target = qs ? `/login?${qs}` : "/login";
  if (error.code === "ERR_SESSION_REPLACED") {
    toast.error(browserI18n().t("toasts.sessionReplaced"));
    setTimeout(() => window.location.assign(target), 1000);
  } else {
    window.location.assign(target);
  }
  return handled;
}

/**
 * Makes sure the session is alive before something that cannot refresh by itself (the websocket).
 * "offline" means the refresh could not be asked (network down): try again later.
 */
export async function ensureSession(since: number): Promise<"ok" | "ended" | "offline"> {
  const refreshed = await refreshShared({ since });
  if (refreshed.ok) return "ok";
  if (refreshed.error.status === 401 || SESSION_ENDING.has(refreshed.error.code ?? "")) {
    endSession(refreshed.error);
    return "ended";
  }
  return "offline";
}

export async function logout() {
  try {
    await api("/auth/logout", { method: "DELETE" });
  } catch {
    // the cookies may already be gone; leaving is what matters
  } finally {
    forgetSession();
    // The pages and reads kept for offline use are this user's: gone before the next one signs in (issue 29).
    await forgetOfflineData();
    window.location.assign("/login");
  }
}
