import { gt, isNotNull, or } from "drizzle-orm";
import { createDb } from "../db/client";
import { whatsapps } from "../db/schema";
import type { Env } from "../env";
import { hubFor } from "../hub/publish";

/**
 * Every minute: each company with a connection that auto-closes idle tickets or auto-transfers waiting ones
 * gets its hub to do so (ticket transitions have one writer per company). The due tickets are found there with
 * the company's indexed ticket queries; a failing company does not stop the others.
 */
export async function runTicketAutomation(env: Env, now: Date) {
  const db = createDb(env.DB);
  const rows = await db
    .selectDistinct({ companyId: whatsapps.companyId })
    .from(whatsapps)
    .where(or(gt(whatsapps.expiresTicket, 0), isNotNull(whatsapps.transferQueueId)));
  const results = await Promise.allSettled(rows.map(({ companyId }) => hubFor(env, companyId).automate(companyId, now.getTime())));
  for (const r of results) if (r.status === "rejected") console.error("ticket automation failed", String(r.reason));
}
