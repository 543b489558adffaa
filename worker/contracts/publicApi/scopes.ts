import { z } from "zod";

/**
 * What a company API token may do (issue 25). Each public endpoint names the one scope it needs; a token without it
 * gets 403 ERR_API_SCOPE. `company:read` covers the directory an integration needs to act (queues, users,
 * connections).
 */
export const API_SCOPES = [
  "tickets:read",
  "tickets:write",
  "messages:send",
  "contacts:read",
  "contacts:write",
  "company:read",
  "webhooks:manage",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const apiScope = z.enum(API_SCOPES, { error: `One of: ${API_SCOPES.join(", ")}` });

/**
 * A company API token as the integrator holds it: `zdk_<company id>_<secret>`. The company id routes the request
 * to the company's hub at the edge (the token is not believed for anything else there); the hub checks the secret's
 * hash. The secret is 32 random bytes as base64url (43 characters).
 */
export const API_TOKEN_PATTERN = /^zdk_([1-9]\d{0,15})_([A-Za-z0-9_-]{43})$/;
export const API_TOKEN_PREFIX = "zdk_";

/** The company a well-formed token names, or null (the edge answers 401 without waking any hub). */
export function apiTokenCompany(token: string): number | null {
  const match = API_TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

/** Calls a token may make per minute (fixed window, counted in the company's hub, failures included). */
export const API_TOKEN_RATE_LIMIT = { max: 120, windowSeconds: 60 };

/** Idempotency-Key on a POST: an opaque string chosen by the client, kept 24 hours per token. */
export const API_IDEMPOTENCY_KEY_MAX = 255;
export const API_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
