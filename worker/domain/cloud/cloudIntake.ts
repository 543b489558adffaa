import { and, eq } from "drizzle-orm";
import { inList } from "../../db/inList";
import { messages, whatsapps } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { openCloudToken } from "./cloudNumbers";

/**
 * Before a webhook delivery is ingested (ADR 0050): the connection's access token, opened, for fetching its files,
 * and which of its messages the company has already (Meta redelivers), so their files are not fetched again. Null
 * when the connection is not a Cloud API connection of this company.
 */
export async function cloudIntake({ ctx, input }: { ctx: SystemCtx; input: { whatsappId: number; messageIds: string[] } }) {
  const connection = await ctx.db
    .select({ channel: whatsapps.channel, phoneNumberId: whatsapps.cloudPhoneNumberId, token: whatsapps.cloudAccessToken })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, input.whatsappId)))
    .get();
  if (!connection || connection.channel !== "cloud" || !connection.phoneNumberId) return null;
  const known: string[] = [];
  for (let i = 0; i < input.messageIds.length; i += 90) {
    const rows = await ctx.db
      .select({ wid: messages.wid })
      .from(messages)
      .where(and(eq(messages.companyId, ctx.companyId), inList(messages.wid, input.messageIds.slice(i, i + 90))));
    known.push(...rows.map((r) => r.wid));
  }
  const accessToken = connection.token ? await openCloudToken(ctx.env, connection.phoneNumberId, connection.token) : null;
  return { accessToken, known };
}
