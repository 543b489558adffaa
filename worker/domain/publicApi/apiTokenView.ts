import { and, eq, type SQL } from "drizzle-orm";
import type { ApiTokenView } from "../../contracts/publicApi/tokens";
import { apiTokens, users } from "../../db/tenant";
import type { Ctx } from "../context";

/** The company's tokens as the admin's list shows them (never the hash), newest first, with their maker's name. */
export async function apiTokenViews(ctx: Ctx, where?: SQL): Promise<ApiTokenView[]> {
  const rows = await ctx.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      makerId: users.id,
      makerName: users.name,
      createdAt: apiTokens.createdAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.companyId, ctx.companyId), where))
    .orderBy(apiTokens.id);
  return rows.reverse().map(({ makerId, makerName, ...row }) => ({
    ...row,
    createdBy: makerId !== null && makerName !== null ? { id: makerId, name: makerName } : null,
  }));
}
