import { eq } from "drizzle-orm";
import { EXTERNAL_API_RATE_LIMIT } from "../../contracts/externalApi";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { assertUnderLimit, recordHit } from "../../lib/rateLimit";
import { assertCompanyAccess } from "../auth/companyAccess";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { connectionByToken } from "../whatsapps/apiToken";

/**
 * Who is calling the external API: the connection whose bearer token this is. Unknown or revoked tokens are
 * 401; each token is limited to 60 calls a minute (counted before anything else runs, failures included, so a
 * misbehaving client cannot hammer the host either); then the company must be active and in date, as at login,
 * and its plan must include the external API. The company always comes from the token, never from the request.
 */
export async function authorizeConnectionToken(db: Db, authorization: string | undefined) {
  const token = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const connection = token ? await connectionByToken(db, token) : null;
  if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");

  const limitKey = `external-api:${connection.id}`;
  await assertUnderLimit(db, limitKey, EXTERNAL_API_RATE_LIMIT);
  await recordHit(db, limitKey, EXTERNAL_API_RATE_LIMIT);

  const company = await db
    .select({ status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, connection.companyId))
    .get();
  if (!company) throw new AppError("ERR_INVALID_API_TOKEN");
  assertCompanyAccess(company, false);
  await assertPlanFeature({ db, companyId: connection.companyId }, "useExternalApi");
  return connection;
}
