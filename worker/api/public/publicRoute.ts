import type { Hono } from "hono";
import type { z } from "zod";
import type { ApiScope } from "../../contracts/publicApi/scopes";
import type { Ctx } from "../../domain/context";
import { AppError, type ErrorCode } from "../../domain/errors";
import type { ApiCaller } from "../../domain/publicApi/authorizeApiToken";
import { isDeployment } from "../../env";
import { jsonBody, parseWith, type AppContext, type AppEnv } from "../http";
import { idempotent } from "./idempotency";

/** The groups of the reference (OpenAPI tags), in the order the reference shows them. */
export const PUBLIC_TAGS = ["Tickets", "Messages", "Contacts", "Directory", "Webhooks"] as const;
export type PublicTag = (typeof PUBLIC_TAGS)[number];

type AnyObject = z.ZodObject;

/**
 * One endpoint of the public API (issue 25), declared once: the route is mounted from it (mountPublicRoutes) and
 * the OpenAPI document is built from it (openapi.ts), so the two cannot disagree. `path` is Hono's, relative to
 * /api/v1 ("/tickets/:id"). The scope is checked before anything is parsed (authorisation before validation).
 */
export interface PublicRouteSpec<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: PublicTag;
  scope: ApiScope;
  /** Path parameters; one that does not parse answers 404 (ids are positive integers, as everywhere). */
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer: its status, its shape (what the document says and the tests hold it to), an example. */
  response: { status: 200 | 201; schema: R; example: z.output<R> } | { status: 204 };
  /** The error codes this endpoint may answer beyond the ones every endpoint may (401, 403 scope, 429, 400 body). */
  errors: ErrorCode[];
}

export interface PublicCall<P extends AnyObject, Q extends AnyObject, B extends z.ZodType> {
  ctx: Ctx;
  caller: ApiCaller;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  c: AppContext;
}

export interface PublicRoute<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType>
  extends PublicRouteSpec<P, Q, B, R> {
  handle(call: PublicCall<P, Q, B>): Promise<z.output<R> | void>;
}

/** Declares an endpoint: its spec and its handler (thin: parse, call one verb, present). */
export function publicRoute<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  spec: PublicRouteSpec<P, Q, B, R>,
  handle: (call: PublicCall<P, Q, B>) => Promise<z.output<R> | void>,
): PublicRoute {
  return { ...spec, handle } as unknown as PublicRoute;
}

export type PublicEnv = AppEnv & { Variables: AppEnv["Variables"] & { caller: ApiCaller } };

/** Mounts each declared endpoint on the public API's app (after its token middleware has set `caller` and `ctx`). */
export function mountPublicRoutes(app: Hono<PublicEnv>, routes: readonly PublicRoute[]) {
  for (const route of routes) {
    app.on(route.method.toUpperCase(), route.path, async (c) => {
      const caller = c.get("caller");
      if (!caller.scopes.includes(route.scope)) throw new AppError("ERR_API_SCOPE", undefined, { scope: route.scope });
      const answer = async () => {
        const params = route.params ? parsePathParams(route.params, c.req.param()) : {};
        const query = route.query ? parseWith(route.query, c.req.query()) : {};
        const body = route.body ? await jsonBody(c as unknown as AppContext, route.body) : undefined;
        const result = await route.handle({ ctx: c.get("ctx"), caller, params, query, body, c: c as unknown as AppContext });
        if (route.response.status === 204) return c.body(null, 204);
        return c.json(checkedAnswer(c.env, route, result) as object, route.response.status);
      };
      // Every POST takes an Idempotency-Key (issue 25); checked after the scope, so a forbidden call is 403 whatever its key.
      return route.method === "post" ? idempotent(c as unknown as AppContext, caller, answer) : answer();
    });
  }
}

function parsePathParams(schema: AnyObject, params: Record<string, string>) {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new AppError("ERR_NOT_FOUND");
  return parsed.data;
}

/**
 * The answer, held to the document's shape outside a deployment (tests, `npm start`): a field the document does not
 * describe, or one missing, fails loudly there rather than reaching an integrator. A deployment answers as is.
 */
function checkedAnswer(env: AppEnv["Bindings"], route: PublicRoute, result: unknown) {
  if (isDeployment(env) || route.response.status === 204) return result;
  const checked = route.response.schema.safeParse(result);
  if (!checked.success) {
    throw new Error(`${route.method.toUpperCase()} /api/v1${route.path} answered a shape its OpenAPI document does not describe: ${checked.error.message}`);
  }
  return result;
}
