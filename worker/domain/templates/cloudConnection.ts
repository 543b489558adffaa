import { and, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import type { CloudClient } from "../../lib/whatsappCloud";
import type { AnyCtx } from "../context";
import { AppError } from "../errors";
import { cloudClientFor, openCloudToken } from "../cloud/cloudNumbers";

/** A Cloud API connection of the company with a client of its business account; a WhatsApp Web one cannot have templates. */
export async function cloudConnectionOf(ctx: Pick<AnyCtx, "db" | "env" | "companyId">, whatsappId: number): Promise<{ id: number; wabaId: string; client: CloudClient }> {
  const row = await ctx.db
    .select({ id: whatsapps.id, channel: whatsapps.channel, phoneNumberId: whatsapps.cloudPhoneNumberId, wabaId: whatsapps.cloudWabaId, token: whatsapps.cloudAccessToken })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, whatsappId)))
    .get();
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  if (row.channel !== "cloud" || !row.phoneNumberId || !row.wabaId) throw new AppError("ERR_WAPP_NOT_SUPPORTED", "Templates belong to Cloud API connections.");
  const token = row.token ? await openCloudToken(ctx.env, row.phoneNumberId, row.token) : null;
  if (!token) throw new AppError("ERR_WAPP_TOKEN_EXPIRED");
  return { id: row.id, wabaId: row.wabaId, client: cloudClientFor(ctx.env, row.phoneNumberId, token) };
}
