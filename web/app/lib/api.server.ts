import type { AppLoadContext } from "@remix-run/cloudflare";
import { forwardToHub } from "../../../worker/api/edge";
import { assertEnv } from "../../../worker/env";
import type { PageSession } from "./session.server";

type QueryValue = string | number | boolean | null | undefined;

/** An answer of our own API read by a loader: its body, and the headers it came with (the hub's publish mark). */
export interface ServerRead<T> {
  body: T;
  headers: Headers;
}

/**
 * A GET of our own API from a loader, as the page's browser would make it: the same route, in the hub of the
 * session's company, one hop, with the session's access token (the cookie's, or the one this request's refresh
 * issued) as a bearer token. Answers null when the API refuses (the page then asks from the browser, as before,
 * and shows what the browser would show).
 */
export async function serverGet<T>(
  request: Request,
  context: AppLoadContext,
  session: Pick<PageSession, "user" | "accessToken">,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<ServerRead<T> | null> {
  if (!session.user || !session.accessToken) return null;
  const url = new URL(`/api${path}`, request.url);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") url.searchParams.set(key, String(value));
  }
  const headers = new Headers({ accept: "application/json", authorization: `Bearer ${session.accessToken}` });
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  const env = assertEnv(context.cloudflare.env);
  try {
    const res = await forwardToHub(env, session.user.companyId, new Request(url, { headers }));
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return { body: (await res.json()) as T, headers: res.headers };
  } catch (err) {
    console.error("server read failed", { path, err: String(err) });
    return null;
  }
}
