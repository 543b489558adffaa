import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens } from "../../db/tenant";
import type { ApiCaller } from "./authorizeApiToken";

/** How stale a token's last use may be in the list: one write a minute per token, not one per call. */
export const LAST_USED_PRECISION_MS = 60 * 1000;

/** Notes the token's use when the time its row holds (read by authorizeApiToken anyway) is a minute old or more. */
export async function recordApiTokenUse(db: Db, caller: ApiCaller, now = new Date()) {
  if (caller.lastUsedAt && now.getTime() - caller.lastUsedAt.getTime() < LAST_USED_PRECISION_MS) return;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, caller.tokenId));
}
