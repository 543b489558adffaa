import type { ApiScope } from "../../../../worker/contracts/publicApi/scopes";
import { api } from "../../lib/api";
import type { ApiTokenRow, CreatedApiTokenWire } from "./types";

export function listApiTokens() {
  return api<ApiTokenRow[]>("/api-tokens");
}

export function createApiToken(payload: { name: string; scopes: ApiScope[]; expiresAt: string | null }) {
  return api<CreatedApiTokenWire>("/api-tokens", { method: "POST", body: payload });
}

export function revokeApiToken(id: number) {
  return api<ApiTokenRow>(`/api-tokens/${id}`, { method: "DELETE" });
}
