import { requirePermission, type Ctx } from "../context";
import { apiTokenViews } from "./apiTokenView";

/** The company's API tokens, newest first, revoked and expired ones included (an admin's). */
export async function listApiTokens({ ctx }: { ctx: Ctx }) {
  requirePermission(ctx, "api-tokens:manage");
  return apiTokenViews(ctx);
}
