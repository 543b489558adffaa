import { bearerToken } from "../../lib/bearer";
import { eq } from "drizzle-orm";
import { EXTERNAL_API_RATE_LIMIT } from "../../contracts/externalApi";
import type { ControlDb } from "../../db/client";
import { companies, connectionRoutes } from "../../db/control";
import { takeHits } from "../shared/rateLimit";
import { assertCompanyAccess } from "../auth/companyAccess";
import { AppError } from "../errors";
import { hashConnectionToken } from "../whatsapps/apiToken";

/**
 * Who is calling the external API: the connection whose bearer token this is, found in the control database's
 * connection index. Unknown or revoked tokens are 401; each token is limited to 60 calls a minute (counted before
 * anything else runs, failures included, so a misbehaving client cannot hammer the host either); then the company
 * must be active and in date, as at login. The plan's feature flag is checked in the company's hub. The company
 * always comes from the token, never from the request.
 */
export async function authorizeConnectionToken(control: ControlDb, authorization: string | undefined) {
  const token = bearerToken(authorization);
  const connection = token
    ? await control
        .select({ id: connectionRoutes.whatsappId, companyId: connectionRoutes.companyId })
        .from(connectionRoutes)
        .where(eq(connectionRoutes.tokenHash, await hashConnectionToken(token)))
        .get()
    : undefined;
  if (!connection) throw new AppError("ERR_INVALID_API_TOKEN");

  await takeHits(control, [{ key: `external-api:${connection.id}`, limit: EXTERNAL_API_RATE_LIMIT }]);

  const company = await control
    .select({ status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, connection.companyId))
    .get();
  if (!company) throw new AppError("ERR_INVALID_API_TOKEN");
  assertCompanyAccess(company, { super: false });
  return connection;
}
