import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, companies, settings, userQueues, users } from "../../db/tenant";
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX, type ApiScope } from "../../contracts/publicApi/scopes";
import { randomToken, sha256 } from "../../lib/crypto";
import type { CurrentUser } from "../context";
import { AppError } from "../errors";
import { assertCompanyAccess } from "../auth/companyAccess";
import { actingUser, sessionSettings } from "../auth/authenticate";
import { bearerToken } from "../../lib/bearer";

export interface ApiCaller {
  tokenId: number;
  scopes: ApiScope[];
  /** When the token was last used, as its row says (recordApiTokenUse keeps it to the minute). */
  lastUsedAt: Date | null;
  /** The admin who made the token: the API acts as them (history rows, notes), within the token's scopes. */
  user: CurrentUser;
}

export const hashApiToken = (token: string) => sha256(token);

/**
 * A company API token (`Authorization: Bearer zdk_…`) in, the caller out: the token must be this company's, not
 * revoked nor expired, and its maker still an admin of the company (a token never outlives its maker's rights).
 * The company must be active and in date, as at login. Every failure is the same 401, so a token cannot be probed.
 */
export async function authorizeApiToken(db: Db, companyId: number, authorization: string | undefined, now = new Date()): Promise<ApiCaller> {
  const token = bearerToken(authorization);
  if (!API_TOKEN_PATTERN.test(token)) throw new AppError("ERR_API_TOKEN_INVALID");
  const tokenHash = await hashApiToken(token);
  const [rows, queueRows, settingRows] = await db.batch([
    db
      .select({
        tokenId: apiTokens.id,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        id: users.id,
        companyId: users.companyId,
        name: users.name,
        email: users.email,
        profile: users.profile,
        allTicket: users.allTicket,
        companyStatus: companies.status,
        dueDate: companies.dueDate,
        timezone: companies.timezone,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.createdBy))
      .innerJoin(companies, eq(companies.id, apiTokens.companyId))
      .where(and(eq(apiTokens.tokenHash, tokenHash), eq(apiTokens.companyId, companyId))),
    db.select({ queueId: userQueues.queueId }).from(userQueues).innerJoin(apiTokens, eq(apiTokens.createdBy, userQueues.userId)).where(eq(apiTokens.tokenHash, tokenHash)),
    sessionSettings(db, eq(settings.companyId, companyId)),
  ]);
  const row = rows[0];
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now) || row.profile !== "admin") throw new AppError("ERR_API_TOKEN_INVALID");
  assertCompanyAccess({ status: row.companyStatus, dueDate: row.dueDate, timezone: row.timezone }, { super: false, profile: row.profile });
  return {
    tokenId: row.tokenId,
    scopes: row.scopes,
    lastUsedAt: row.lastUsedAt,
    // Never a platform admin here: a token acts inside its company only.
    user: actingUser({ ...row, super: false }, queueRows, settingRows, `api-token:${row.tokenId}`),
  };
}

/** A new token for the company: `zdk_<company>_<43 characters of 256 random bits>`, and the prefix its list shows. */
export function newApiToken(companyId: number): { token: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${companyId}_${randomToken(32)}`;
  return { token, prefix: token.slice(0, `${API_TOKEN_PREFIX}${companyId}_`.length + 4) };
}
