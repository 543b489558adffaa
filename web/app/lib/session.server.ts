import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { refreshAtHub } from "../../../worker/api/edge";
import type { SessionUser } from "../../../worker/contracts/views/session";
import { verifyAccessToken } from "../../../worker/domain/auth/tokens";
import { hubDirectory } from "../../../worker/hub/ports";
import { AppError, type ErrorCode } from "../../../worker/contracts/errors";
import { canOpen, type PageId } from "./access";
import { assertEnv } from "../../../worker/env";
import { clientIp } from "../../../worker/lib/clientIp";
import { returnPathOf, safeRedirectTo } from "../../../worker/lib/redirectTo";
import { fromBase64Url } from "../../../worker/lib/crypto";
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  isSecureRequest,
  readCookie,
  serializeClearedSessionCookies,
  serializeSessionCookies,
} from "../../../worker/lib/cookies";

export interface PageSession {
  user: SessionUser | null;
  /** Set-Cookie values to send with the response (a rotated or a cleared session). */
  setCookies: string[];
  /** The access token this request's session runs on (the cookie's, or the one a refresh just issued); server only. */
  accessToken: string | null;
  /** When the access token expires (ms since epoch), so the tab can refresh ahead of time. */
  accessExpiresAt: number | null;
  /** Why a session that existed has ended (shown on the login page). */
  ended: ErrorCode | null;
  /** Extra detail for `ended` (the due date of an expired subscription). */
  endedDetail?: string;
  /** Another request of this browser refreshed at the same moment: load the page again with its new cookie. */
  retry?: boolean;
}

/** Session-ending codes: the cookies are cleared and the visitor starts over at /login. */
const ENDING: ReadonlySet<ErrorCode> = new Set([
  "ERR_SESSION_EXPIRED",
  "ERR_SESSION_REPLACED",
  "ERR_COMPANY_INACTIVE",
  "ERR_SUBSCRIPTION_EXPIRED",
]);

/**
 * Every loader of one request shares one resolution: a refresh rotates the refresh token, so two loaders
 * refreshing with the same cookie would look like token theft to the server and end the session.
 * The load context is created once per request (worker/index.ts), which makes it the right key.
 */
const perRequest = new WeakMap<AppLoadContext, Promise<PageSession>>();

export function getPageSession(request: Request, context: AppLoadContext): Promise<PageSession> {
  let pending = perRequest.get(context);
  if (!pending) {
    pending = resolveSession(request, context);
    perRequest.set(context, pending);
  }
  return pending;
}

async function resolveSession(request: Request, context: AppLoadContext): Promise<PageSession> {
  const env = assertEnv(context.cloudflare.env);
  const cookieHeader = request.headers.get("cookie");
  const accessToken = readCookie(cookieHeader, ACCESS_COOKIE);
  const refreshToken = readCookie(cookieHeader, REFRESH_COOKIE);
  const secure = isSecureRequest(request.url);
  if (!accessToken && !refreshToken) return { user: null, setCookies: [], accessToken: null, accessExpiresAt: null, ended: null };

  try {
    if (accessToken) {
      try {
        // The token's signature and expiry here; the session, the user and the company in the company's hub.
        const { cid } = await verifyAccessToken(accessToken, env.JWT_SECRET);
        const user = await hubDirectory(env).of(cid).call("pageSession", { token: accessToken });
        return { user, setCookies: [], accessToken, accessExpiresAt: tokenExpiry(accessToken), ended: null };
      } catch (err) {
        // An expired (or unreadable) access token is what the refresh token is for; anything else ends here.
        if (!(err instanceof AppError && err.code === "ERR_SESSION_EXPIRED" && refreshToken)) throw err;
      }
    }
    const rotated = await refreshAtHub(env, refreshToken, clientIp(request.headers, env));
    return {
      user: rotated.user,
      setCookies: serializeSessionCookies(rotated, secure),
      accessToken: rotated.token,
      accessExpiresAt: tokenExpiry(rotated.token),
      ended: null,
    };
  } catch (err) {
    // A fetch of this tab refreshed at the same moment and won; its response carries the new cookies.
    if (err instanceof AppError && err.code === "ERR_REFRESH_RACE") return { user: null, setCookies: [], accessToken: null, accessExpiresAt: null, ended: null, retry: true };
    // Too many refreshes from this address: the session is not over, the page is just not served now.
    if (err instanceof AppError && err.code === "ERR_RATE_LIMITED") {
      throw new Response(err.message, { status: 429, headers: { "Retry-After": String(err.details?.retryAfter ?? 60) } });
    }
    if (err instanceof AppError && ENDING.has(err.code)) {
      const dueDate = err.details?.dueDate;
      return {
        user: null,
        setCookies: serializeClearedSessionCookies(secure),
        accessToken: null,
        accessExpiresAt: null,
        // A plain expiry needs no message: the visitor simply logs in again.
        ended: err.code === "ERR_SESSION_EXPIRED" ? null : err.code,
        endedDetail: typeof dueDate === "string" ? dueDate : undefined,
      };
    }
    throw err;
  }
}

/** The `exp` claim of a token already verified (or just signed) on this request. */
function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(new TextDecoder().decode(fromBase64Url(token.split(".")[1] ?? "")));
    return typeof payload.exp === "number" ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function cookieHeaders(session: PageSession): Headers {
  const headers = new Headers();
  for (const cookie of session.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Private pages: the session user, or a redirect to /login, saying why when a session ended, and with the page
 * to come back to after logging in (`redirectTo`, checked again when it is used).
 */
export async function requireUser(request: Request, context: AppLoadContext) {
  const session = await getPageSession(request, context);
  if (session.retry) throw redirect(new URL(request.url).pathname + new URL(request.url).search);
  if (!session.user) {
    const params = new URLSearchParams();
    if (session.ended) params.set("ended", session.ended);
    if (session.endedDetail) params.set("detail", session.endedDetail);
    const back = returnPathOf(request.url);
    if (back) params.set("redirectTo", back);
    const query = params.toString();
    throw redirect(query ? `/login?${query}` : "/login", { headers: cookieHeaders(session) });
  }
  return { ...session, user: session.user };
}

/** Public pages (login, signup, password reset): a logged-in user goes to the inbox, or to the page asked for. */
export async function redirectIfLoggedIn(request: Request, context: AppLoadContext) {
  const session = await getPageSession(request, context);
  const to = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (session.user) throw redirect(to, { headers: cookieHeaders(session) });
  return session;
}

/** A private page with its own access rule: without it, back to the inbox. */
export async function requirePage(request: Request, context: AppLoadContext, page: PageId) {
  const session = await requireUser(request, context);
  if (!canOpen(session.user, page)) throw redirect("/tickets", { headers: cookieHeaders(session) });
  return session;
}
