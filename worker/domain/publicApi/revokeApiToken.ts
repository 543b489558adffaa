import { and, eq, isNull } from "drizzle-orm";
import { apiTokens } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { apiTokenViews } from "./apiTokenView";

/**
 * Revokes a token: it fails from the next call on (authorizeApiToken reads the row on every call). It stays listed
 * as revoked; revoking it again keeps its first revocation time.
 */
export async function revokeApiToken({ ctx, input, now = new Date() }: { ctx: Ctx; input: { id: number }; now?: Date }) {
  requirePermission(ctx, "api-tokens:manage");
  const mine = and(eq(apiTokens.id, input.id), eq(apiTokens.companyId, ctx.companyId));
  await ctx.db.update(apiTokens).set({ revokedAt: now }).where(and(mine, isNull(apiTokens.revokedAt)));
  const [apiToken] = await apiTokenViews(ctx, eq(apiTokens.id, input.id));
  if (!apiToken) throw new AppError("ERR_NO_API_TOKEN_FOUND");
  return apiToken;
}
