import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { pixWebhookBody } from "../../contracts/billing";
import type { ControlDb } from "../../db/client";
import { companies, invoices, pixPayments } from "../../db/control";
import type { Env } from "../../env";
import { createPspClient, type PspCharge } from "../../lib/pix/pspClient";
import { todayIn } from "../auth/companyAccess";
import { AppError } from "../errors";
import type { HubDirectory } from "../hubPort";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { extendedDueDate, sameAmount } from "./recurrence";

interface WebhookArgs {
  control: ControlDb;
  hubs: HubDirectory;
  env: Pick<Env, "PIX_MTLS">;
  body: z.infer<typeof pixWebhookBody>;
  now?: Date;
}

/**
 * POST /api/subscription/webhook/pix (and its /pix suffix). The body is only a hint of which txids to look at: for
 * each one that names an open invoice, the PSP is asked for the charge (GET /v2/cob/{txid}); only a charge CONCLUIDA
 * whose amount equals the invoice's pays it, and puts the company on the invoice's plan. Each payment is applied once per endToEndId (pix_payments), in one D1
 * batch with the invoice and the company's new due date, so a repeated or replayed notice changes nothing.
 */
export async function handlePixWebhook({ control, hubs, env, body, now = new Date() }: WebhookArgs): Promise<{ applied: number }> {
  const pix = await hubs.of(PLATFORM_COMPANY_ID).call("pixSettings", {});
  // Without a PSP nothing can be verified: nothing is believed.
  if (!pix.psp) return { applied: 0 };
  const psp = createPspClient(pix.psp, env.PIX_MTLS);
  let applied = 0;
  for (const txid of new Set(body.pix.map((p) => p.txid))) {
    const invoice = await control.select().from(invoices).where(eq(invoices.txId, txid)).get();
    if (!invoice) continue;
    let charge: PspCharge;
    try {
      charge = await psp.getCharge(txid);
    } catch (err) {
      // The PSP retries a notice that was not acknowledged: say so rather than drop it.
      console.error("pix webhook: could not read the charge", { txid, err: String(err) });
      throw new AppError("ERR_PIX_PROVIDER");
    }
    if (charge.txid !== txid || charge.status !== "CONCLUIDA") continue;
    if (!sameAmount(Number(charge.valor?.original), invoice.value)) {
      console.warn("pix webhook: amount differs from the invoice", { txid, invoiceId: invoice.id, charged: charge.valor?.original, due: invoice.value });
      continue;
    }
    const paid = (charge.pix ?? []).filter((p) => (!p.txid || p.txid === txid) && sameAmount(Number(p.valor), invoice.value));
    // The payment's id comes from the PSP's own record of the charge; the body's only where the PSP omits the list.
    const endToEndId = paid[0]?.endToEndId ?? (charge.pix ? undefined : body.pix.find((p) => p.txid === txid)?.endToEndId);
    if (!endToEndId) continue;
    if (await applyPayment(control, hubs, invoice, endToEndId, now)) applied++;
  }
  return { applied };
}

async function applyPayment(control: ControlDb, hubs: HubDirectory, invoice: typeof invoices.$inferSelect, endToEndId: string, now: Date) {
  const company = await control.select().from(companies).where(eq(companies.id, invoice.companyId)).get();
  if (!company) return false;
  const dueDate = extendedDueDate(company.dueDate, todayIn(company.timezone, now), company.recurrence);
  const stillOpen = sql`EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${invoice.id} AND ${invoices.status} = 'open')`;
  const [recorded, , paid] = await control.batch([
    control
      .insert(pixPayments)
      .values({ endToEndId, invoiceId: invoice.id, companyId: invoice.companyId, txId: invoice.txId!, amount: invoice.value })
      .onConflictDoNothing()
      .returning({ id: pixPayments.endToEndId }),
    // Only while the invoice is open (before the next statement marks it paid): a replay moves nothing. The company
    // moves to the plan the invoice was paid for (the checkout's choice) in the same write, and a trial still running
    // ends: the company now pays (issue 31: /subscription no longer counts trial days after a payment).
    control
      .update(companies)
      .set({
        dueDate,
        planId: invoice.planId ?? company.planId,
        trialExpiration: sql`CASE WHEN ${companies.trialExpiration} > ${now.getTime()} THEN ${now.getTime()} ELSE ${companies.trialExpiration} END`,
        updatedAt: now,
      })
      .where(and(eq(companies.id, invoice.companyId), stillOpen)),
    control
      .update(invoices)
      .set({ status: "paid", paidAt: now, updatedAt: now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.companyId, invoice.companyId), eq(invoices.status, "open")))
      .returning({ id: invoices.id }),
  ]);
  if (recorded.length === 0 || paid.length === 0) return false;
  const hub = hubs.of(invoice.companyId);
  await hub.companyChanged();
  // The admins hear the payment (the checkout's toast); everyone hears that the company changed, so every open page's
  // shell reloads what it shows of the subscription (the due-date banner) without a reload.
  await hub.publish([
    { audience: { kind: "admins" }, event: { type: "payment", action: "CONCLUIDA", invoiceId: invoice.id, company: { dueDate } } },
    { audience: { kind: "company" }, event: { type: "company", action: "update", companyId: invoice.companyId } },
  ]);
  return true;
}
