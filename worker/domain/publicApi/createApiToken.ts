import { eq } from "drizzle-orm";
import type { CreateApiTokenInput, CreatedApiToken } from "../../contracts/publicApi/tokens";
import { apiTokens } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { fieldError } from "../errors";
import { recordAudit } from "../audit/recordAudit";
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
  const tokenHash = await hashApiToken(token);
  // The token and its entry (an API token is one of the company's integrations; never the token): one transaction.
  const id = ctx.db.transaction(() => {
    const row = ctx.db
      .insert(apiTokens)
      .values({ companyId: ctx.companyId, name: input.name, tokenHash, prefix, scopes: input.scopes, expiresAt: input.expiresAt, createdBy: ctx.user.id })
      .returning({ id: apiTokens.id })
      .get();
    recordAudit(ctx, {
      action: "integration.created",
      target: { type: "apiToken", id: row.id, label: input.name },
      detail: { prefix, scopes: input.scopes.join(","), expiresAt: input.expiresAt?.toISOString() ?? null },
    });
    return row.id;
  });
  const [apiToken] = await apiTokenViews(ctx, eq(apiTokens.id, id));
  return { token, apiToken: apiToken! };
}
