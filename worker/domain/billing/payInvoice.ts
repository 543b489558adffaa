import { and, eq } from "drizzle-orm";
import type { SubscriptionInput } from "../../contracts/billing";
import { planOverLimit } from "../../contracts/plans";
import { companies, invoices, plans } from "../../db/control";
import { staticBrCode } from "../../lib/pix/brCode";
import { createPspClient, PspError } from "../../lib/pix/pspClient";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { companyChanged } from "../companies/companyChanged";
import { companyUsage } from "../plans/planLimits";
import { assertBillingAccess } from "./listInvoices";
import { invoiceAmount } from "./recurrence";

/** How long a Pix charge can be paid. */
export const CHARGE_TTL_SECONDS = 60 * 60;

/** A txid as the Pix API wants it for immediate charges: 26 to 35 letters and digits. */
export function newTxid(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * POST /api/subscription: the Pix to pay one of the company's open invoices. The amount is the invoice's; with a
 * planId (the checkout's plan choice: a public plan or the company's own) it is recomputed from that plan's value and
 * the company's recurrence, as the invoice job does, and the plan recorded on the invoice with the charge (the webhook
 * moves the company to it when the payment is confirmed). A price in the body is never read. With a PSP
 * configured, an immediate charge is created there (PUT /v2/cob/{txid}) and its copy-paste code shown; without one, a
 * static BR Code for the platform's key. A live charge is shown again rather than a second one made.
 */
export async function payInvoice({ ctx, input }: { ctx: Ctx; input: SubscriptionInput }) {
  assertBillingAccess(ctx);
  const invoice = await ctx.control
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.companyId, ctx.companyId)))
    .get();
  if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
  if (invoice.status !== "open") throw new AppError("ERR_INVOICE_NOT_OPEN");
  const priced = input.planId === undefined ? null : await chosenPlan(ctx, input.planId);
  const planId = priced?.planId ?? invoice.planId;
  const value = priced?.value ?? invoice.value;
  const detail = priced?.detail ?? invoice.detail;
  const samePrice = planId === invoice.planId && value === invoice.value;
  const now = Date.now();
  const answer = (txid: string, copyPaste: string, expiresAt: Date) => ({
    invoiceId: invoice.id,
    planId,
    txid,
    qrcode: { qrcode: copyPaste },
    valor: { original: value.toFixed(2) },
    expiresAt: expiresAt.toISOString(),
  });
  if (samePrice && invoice.txId && invoice.pixCopyPaste && invoice.pixExpiresAt && invoice.pixExpiresAt.getTime() > now + 5 * 60_000) {
    await keepPayer(ctx, input);
    return answer(invoice.txId, invoice.pixCopyPaste, invoice.pixExpiresAt);
  }

  const pix = await ctx.hubs.of(PLATFORM_COMPANY_ID).call("pixSettings", {});
  const txid = newTxid();
  let copyPaste: string;
  if (pix.psp) {
    try {
      const charge = await createPspClient(pix.psp, ctx.env.PIX_MTLS).createCharge(txid, value, CHARGE_TTL_SECONDS, `Fatura ${invoice.id}`);
      if (!charge.pixCopiaECola) throw new PspError("the charge has no pixCopiaECola", 502);
      copyPaste = charge.pixCopiaECola;
    } catch (err) {
      console.error("pix: could not create the charge", { invoiceId: invoice.id, err: String(err) });
      throw new AppError("ERR_PIX_PROVIDER");
    }
  } else if (pix.key) {
    copyPaste = staticBrCode({ key: pix.key, merchantName: pix.merchantName, merchantCity: pix.merchantCity, amount: value, txid });
  } else {
    throw new AppError("ERR_PIX_NOT_CONFIGURED");
  }
  await keepPayer(ctx, input);
  const expiresAt = new Date(now + CHARGE_TTL_SECONDS * 1000);
  // The price and the charge change together, in one write: the webhook compares the charge with this value.
  await ctx.control
    .update(invoices)
    .set({ planId, value, detail, txId: txid, pixCopyPaste: copyPaste, pixExpiresAt: expiresAt, updatedAt: new Date() })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.companyId, ctx.companyId), eq(invoices.status, "open")));
  return answer(txid, copyPaste, expiresAt);
}

/**
 * The plan chosen in the checkout, priced on the server: a public plan (the signup's list) or the company's current
 * one, with a value to pay; anything else is "not found". The amount follows the invoice job's rule. Another plan
 * must fit what the company has (409 ERR_PLAN_TOO_SMALL names the first limit it is over): paying for it would move
 * the company onto limits it already breaks. Staying on the current plan is always allowed.
 */
async function chosenPlan(ctx: Ctx, planId: number) {
  const company = await ctx.control
    .select({ planId: companies.planId, recurrence: companies.recurrence })
    .from(companies)
    .where(eq(companies.id, ctx.companyId))
    .get();
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const plan = await ctx.control.select().from(plans).where(eq(plans.id, planId)).get();
  if (!plan || (!plan.useInternal && plan.id !== company.planId) || !(plan.value > 0)) throw new AppError("ERR_NO_PLAN_FOUND");
  if (plan.id !== company.planId) {
    const over = planOverLimit(plan, await companyUsage(ctx));
    if (over) throw new AppError("ERR_PLAN_TOO_SMALL", `${plan.name} allows ${over.limit} ${over.resource}; the company has ${over.used}.`, over);
  }
  return { planId: plan.id, value: invoiceAmount(plan.value, company.recurrence), detail: `${plan.name} (${company.recurrence})` };
}

/**
 * The checkout's payer, when it sent one, becomes the company's billing record (the next checkout starts from it).
 * Written only once the charge exists, so a refused payment changes nothing.
 */
async function keepPayer(ctx: Ctx, input: SubscriptionInput) {
  const record = {
    ...(input.firstName !== undefined ? { billingName: input.firstName } : {}),
    ...(input.address2 !== undefined ? { addressStreet: input.address2 } : {}),
    ...(input.city !== undefined ? { addressCity: input.city } : {}),
    ...(input.state !== undefined ? { addressState: input.state } : {}),
    ...(input.zipcode !== undefined ? { addressZipCode: input.zipcode } : {}),
  };
  if (Object.keys(record).length === 0) return;
  await ctx.control.update(companies).set(record).where(eq(companies.id, ctx.companyId));
  await companyChanged(ctx, ctx.companyId);
}

/** GET /api/subscription/usage: what the checkout compares each plan with (users, connections, queues). */
export async function subscriptionUsage({ ctx }: { ctx: Ctx }) {
  assertBillingAccess(ctx);
  return companyUsage(ctx);
}
