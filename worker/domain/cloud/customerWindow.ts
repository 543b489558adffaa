import { and, eq } from "drizzle-orm";
import { whatsapps, type Ticket } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { windowOpen } from "../../contracts/customerWindow";

/**
 * An agent's free-form message on a Cloud API ticket whose window has closed is refused before it is stored
 * (ERR_WAPP_WINDOW_CLOSED): Meta would refuse it (131047), and only an approved template may go.
 */
export async function assertCustomerWindowOpen(ctx: Pick<Ctx, "db" | "companyId">, ticket: Pick<Ticket, "whatsappId" | "customerWroteAt">) {
  if (ticket.whatsappId === null) return;
  const connection = await ctx.db
    .select({ channel: whatsapps.channel })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, ticket.whatsappId)))
    .get();
  if (!windowOpen(connection?.channel, ticket.customerWroteAt)) throw new AppError("ERR_WAPP_WINDOW_CLOSED");
}
