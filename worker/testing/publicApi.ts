import { apiTokens } from "../db/tenant";
import { API_SCOPES, type ApiScope } from "../contracts/publicApi/scopes";
import { hashApiToken, newApiToken } from "../domain/publicApi/authorizeApiToken";
import { call, inTenant, type CallOptions } from "./fixtures";

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
