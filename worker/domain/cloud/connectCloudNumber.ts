import { and, eq } from "drizzle-orm";
import type { CloudCredentials } from "../../contracts/whatsapps";
import { whatsapps, type Whatsapp } from "../../db/tenant";
import { CloudApiError } from "../../lib/whatsappCloud";
import type { AnyCtx, Ctx } from "../context";
import { raiseConnectionStatus } from "../publicApi/raiseChanges";
import { AppError } from "../errors";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { publishWhatsappSession } from "../whatsapps/view";
import { cloudClientFor, cloudNumberOf, openCloudToken, saveCloudNumber, sealCloudToken } from "./cloudNumbers";

type CloudCtx = Pick<Ctx, "db" | "control" | "env" | "companyId" | "hub" | "waitUntil">;

/** Asks Meta for the number with the token: the pair works (answers the display number), or ERR_WAPP_CLOUD_CREDENTIALS. */
export async function checkCloudCredentials(ctx: Pick<Ctx, "env">, phoneNumberId: string, accessToken: string): Promise<string> {
  try {
    const facts = await cloudClientFor(ctx.env, phoneNumberId, accessToken).phoneNumber();
    return (facts.display_phone_number ?? "").replace(/\D/g, "");
  } catch (err) {
    if (!(err instanceof CloudApiError)) throw err;
    if (err.transient && err.code !== -1) throw new AppError("ERR_WAPP_NOT_INITIALIZED", "The Cloud API could not be reached; try again.");
    throw new AppError("ERR_WAPP_CLOUD_CREDENTIALS", err.message);
  }
}

/**
 * Stores a cloud connection's credentials (checked with Meta first, so nothing is saved that does not work): the
 * token sealed in the company's row, the number routed in the control index with its own app's secrets when given,
 * and the connection CONNECTED. A number another connection has already (of any company) is refused.
 */
export async function connectCloudNumber(ctx: CloudCtx, row: Whatsapp, credentials: CloudCredentials): Promise<Whatsapp> {
  const number = await checkCloudCredentials(ctx, credentials.phoneNumberId, credentials.accessToken);
  // One connection per number on the whole platform: the control index routes Meta's webhooks by it.
  const taken = await cloudNumberOf(ctx.control, credentials.phoneNumberId);
  if (taken && taken.whatsappId !== row.id) throw new AppError("ERR_DUPLICATED_WHATSAPP", "This phone number id is already connected.", { field: "cloud.phoneNumberId" });
  const ownApp = credentials.appSecret && credentials.verifyToken ? { appSecret: credentials.appSecret, verifyToken: credentials.verifyToken } : undefined;
  const { routeKey } = await saveCloudNumber(ctx.control, ctx.env, {
    companyId: ctx.companyId,
    whatsappId: row.id,
    phoneNumberId: credentials.phoneNumberId,
    wabaId: credentials.wabaId,
    ownApp: ownApp ?? (row.cloudPhoneNumberId === credentials.phoneNumberId ? undefined : null),
  });
  return saveConnectionState(ctx, row.id, {
    channel: "cloud",
    number,
    status: "CONNECTED",
    qrcode: "",
    cloudPhoneNumberId: credentials.phoneNumberId,
    cloudWabaId: credentials.wabaId,
    cloudAccessToken: await sealCloudToken(ctx.env, credentials.phoneNumberId, credentials.accessToken),
    cloudRouteKey: routeKey,
    cloudError: null,
  });
}

/** "Try again" on a cloud connection: the stored token asked again; the connection shows what Meta said. */
export async function recheckCloudNumber(ctx: CloudCtx, row: Whatsapp): Promise<Whatsapp> {
  const token = row.cloudPhoneNumberId && row.cloudAccessToken ? await openCloudToken(ctx.env, row.cloudPhoneNumberId, row.cloudAccessToken) : null;
  let status: Whatsapp["status"] = "CONNECTED";
  let cloudError: string | null = null;
  try {
    if (!token || !row.cloudPhoneNumberId) throw new AppError("ERR_WAPP_TOKEN_EXPIRED");
    await checkCloudCredentials(ctx, row.cloudPhoneNumberId, token);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === "ERR_WAPP_NOT_INITIALIZED") throw err;
    status = "DISCONNECTED";
    cloudError = "ERR_WAPP_TOKEN_EXPIRED";
  }
  return saveConnectionState(ctx, row.id, { status, cloudError });
}

/** A cloud connection's state written, its control index entry kept in step, and the admins told. */
export async function saveConnectionState(ctx: Pick<AnyCtx, "db" | "control" | "companyId" | "hub" | "env" | "waitUntil">, whatsappId: number, changes: Partial<Whatsapp>): Promise<Whatsapp> {
  const where = and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, whatsappId));
  const previous = await ctx.db.select({ status: whatsapps.status }).from(whatsapps).where(where).get();
  const updated = await ctx.db
    .update(whatsapps)
    .set(changes)
    .where(where)
    .returning()
    .get();
  if (!updated) throw new AppError("ERR_NO_WAPP_FOUND");
  await syncConnectionRoute(ctx, updated.id);
  await publishWhatsappSession(ctx, updated);
  raiseConnectionStatus(ctx, updated, previous?.status ?? null);
  return updated;
}
