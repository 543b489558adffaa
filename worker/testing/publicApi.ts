import { apiTokens } from "../db/tenant";
import { API_SCOPES, type ApiScope } from "../contracts/publicApi/scopes";
import { hashApiToken, newApiToken } from "../domain/publicApi/authorizeApiToken";
import { Hono } from "hono";
import { createPublicApi } from "../api/public";
import type { PublicRoute } from "../api/public/publicRoute";
import { publicRoutes } from "../api/public/routes";
import { errorAnswer, type AppEnv } from "../api/http";
import type { HubPort } from "../domain/hubPort";
import { envInsideHub, type LocalHub } from "../hub/ports";
import { call, inHub, inTenant, ORIGIN, testEnv, type CallOptions } from "./fixtures";

/**
 * The public API's test kit (issue 25): a company API token, and calls with it. Every call's answer was already
 * held to the OpenAPI document's shape by the route (publicRoute.ts checks answers outside a deployment).
 */
export interface ApiTokenOptions {
  scopes?: ApiScope[];
  expiresAt?: Date | null;
  name?: string;
}

/** A token made by `admin` of the company, with every scope unless told. */
export async function apiTokenOf(admin: { id: number; companyId: number }, { scopes = [...API_SCOPES], expiresAt = null, name = "Integração" }: ApiTokenOptions = {}) {
  const { token, prefix } = newApiToken(admin.companyId);
  const tokenHash = await hashApiToken(token);
  const row = await inTenant(admin.companyId, (db) =>
    db.insert(apiTokens).values({ companyId: admin.companyId, name, tokenHash, prefix, scopes, expiresAt, createdBy: admin.id }).returning().get(),
  );
  return { token, id: row.id };
}

/** A call to /api/v1 with a company API token, as an integrator's script makes it. */
export function callApi(method: string, path: string, token: string, opts: Omit<CallOptions, "token"> = {}) {
  return call(method, `/api/v1${path}`, { ...opts, token });
}

/**
 * A call to /api/v1 answered, inside the company's hub, by the public API with `extraRoutes` mounted beside the real
 * ones: for behaviour every endpoint of a kind shares (POST's Idempotency-Key) tested on a route the test declares.
 */
export async function callApiWithRoutes(
  companyId: number,
  extraRoutes: readonly PublicRoute[],
  method: string,
  path: string,
  token: string,
  { body, headers }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return inHub(companyId, async (hub) => {
    const app = new Hono<AppEnv>({ strict: false })
      .use("*", async (c, next) => {
        c.set("db", hub.db);
        await next();
      })
      .route("/api/v1", createPublicApi([...publicRoutes, ...extraRoutes]));
    app.onError(errorAnswer);
    const local: LocalHub = {
      companyId,
      db: hub.db,
      acceptSocket: (actor) => hub.acceptSocket(actor),
      publishMark: () => hub.publishMark(),
      contextFor: (user) => hub.contextFor(user),
      port: (hub as unknown as { port(companyId: number): HubPort }).port(companyId),
    };
    const request = new Request(`${ORIGIN}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const res = await app.fetch(request, envInsideHub(testEnv, local));
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, headers: Object.fromEntries(res.headers) };
  });
}
