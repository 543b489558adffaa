import type { ApiTokenView, CreatedApiToken } from "../../../../worker/contracts/publicApi/tokens";
import type { Wire } from "../../../../worker/contracts/views/wire";

/** Shapes of /api/api-tokens: the contract's views as JSON carries them. */
export type ApiTokenRow = Wire<ApiTokenView>;
export type CreatedApiTokenWire = Wire<CreatedApiToken>;

export type ApiTokenState = "active" | "expired" | "revoked";

/** Revoked wins over expired: it is the admin's own act. */
export function stateOf(token: ApiTokenRow, now = Date.now()): ApiTokenState {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return "expired";
  return "active";
}
