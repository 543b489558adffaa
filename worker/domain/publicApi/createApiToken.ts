import { eq } from "drizzle-orm";
import type { CreateApiTokenInput, CreatedApiToken } from "../../contracts/publicApi/tokens";
import { apiTokens } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { fieldError } from "../errors";
import { apiTokenViews } from "./apiTokenView";
import { hashApiToken, newApiToken } from "./authorizeApiToken";

/**
 * Makes a company API token for the acting admin (the token will act as them, within its scopes). Only its hash is
 * kept: the answer is the one time the whole token is seen.
 */
export async function createApiToken({ ctx, input, now = new Date() }: { ctx: Ctx; input: CreateApiTokenInput; now?: Date }): Promise<CreatedApiToken> {
  requirePermission(ctx, "api-tokens:manage");
  if (input.expiresAt && input.expiresAt <= now) throw fieldError({ expiresAt: "Must be in the future" });
  const { token, prefix } = newApiToken(ctx.companyId);
  const { id } = await ctx.db
    .insert(apiTokens)
    .values({ companyId: ctx.companyId, name: input.name, tokenHash: await hashApiToken(token), prefix, scopes: input.scopes, expiresAt: input.expiresAt, createdBy: ctx.user.id })
    .returning({ id: apiTokens.id })
    .get();
  const [apiToken] = await apiTokenViews(ctx, eq(apiTokens.id, id));
  return { token, apiToken: apiToken! };
}
