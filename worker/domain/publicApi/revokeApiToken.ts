import { and, eq, isNull } from "drizzle-orm";
import { apiTokens } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { recordAudit } from "../audit/recordAudit";
import { apiTokenViews } from "./apiTokenView";

/**
 * Revokes a token: it fails from the next call on (authorizeApiToken reads the row on every call). It stays listed
 * as revoked; revoking it again keeps its first revocation time.
 */
export async function revokeApiToken({ ctx, input, now = new Date() }: { ctx: Ctx; input: { id: number }; now?: Date }) {
  requirePermission(ctx, "api-tokens:manage");
  const mine = and(eq(apiTokens.id, input.id), eq(apiTokens.companyId, ctx.companyId));
  // The revocation and its entry (the token's end is its deletion as an integration; it stays listed): one
  // transaction. Revoking a revoked token changes nothing and records nothing.
  ctx.db.transaction(() => {
    const revoked = ctx.db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(mine, isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix })
      .get();
    if (revoked) recordAudit(ctx, { action: "integration.deleted", target: { type: "apiToken", id: revoked.id, label: revoked.name }, detail: { prefix: revoked.prefix, revoked: true } });
  });
  const [apiToken] = await apiTokenViews(ctx, eq(apiTokens.id, input.id));
  if (!apiToken) throw new AppError("ERR_NO_API_TOKEN_FOUND");
  return apiToken;
}
