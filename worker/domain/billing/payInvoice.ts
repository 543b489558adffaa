import { and, eq } from "drizzle-orm";
import { invoices } from "../../db/controlSchema";
import { staticBrCode } from "../../lib/pix/brCode";
import { createPspClient, PspError } from "../../lib/pix/pspClient";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { PLATFORM_COMPANY_ID } from "../settings/platform";
import { assertBillingAccess } from "./listInvoices";

/** How long a Pix charge can be paid. */
export const CHARGE_TTL_SECONDS = 60 * 60;

/** A txid as the Pix API wants it for immediate charges: 26 to 35 letters and digits. */
export function newTxid(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * POST /api/subscription: the Pix to pay one of the company's open invoices. The amount is the invoice's. With a PSP
 * configured, an immediate charge is created there (PUT /v2/cob/{txid}) and its copy-paste code shown; without one, a
 * static BR Code for the platform's key. A live charge is shown again rather than a second one made.
 */
export async function payInvoice({ ctx, input }: { ctx: Ctx; input: { invoiceId: number } }) {
  assertBillingAccess(ctx);
  const invoice = await ctx.control
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.companyId, ctx.companyId)))
    .get();
  if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
  if (invoice.status !== "open") throw new AppError("ERR_INVOICE_NOT_OPEN");
  const now = Date.now();
  const answer = (txid: string, copyPaste: string, expiresAt: Date) => ({
    invoiceId: invoice.id,
    txid,
    qrcode: { qrcode: copyPaste },
    valor: { original: invoice.value.toFixed(2) },
    expiresAt: expiresAt.toISOString(),
  });
  if (invoice.txId && invoice.pixCopyPaste && invoice.pixExpiresAt && invoice.pixExpiresAt.getTime() > now + 5 * 60_000) {
    return answer(invoice.txId, invoice.pixCopyPaste, invoice.pixExpiresAt);
  }

  const pix = await ctx.hubs.of(PLATFORM_COMPANY_ID).call("pixSettings", {});
  const txid = newTxid();
  let copyPaste: string;
  if (pix.psp) {
    try {
      const charge = await createPspClient(pix.psp, ctx.env.PIX_MTLS).createCharge(txid, invoice.value, CHARGE_TTL_SECONDS, `Fatura ${invoice.id}`);
      if (!charge.pixCopiaECola) throw new PspError("the charge has no pixCopiaECola", 502);
      copyPaste = charge.pixCopiaECola;
    } catch (err) {
      console.error("pix: could not create the charge", { invoiceId: invoice.id, err: String(err) });
      throw new AppError("ERR_PIX_PROVIDER");
    }
  } else if (pix.key) {
    copyPaste = staticBrCode({ key: pix.key, merchantName: pix.merchantName, merchantCity: pix.merchantCity, amount: invoice.value, txid });
  } else {
    throw new AppError("ERR_PIX_NOT_CONFIGURED");
  }
  const expiresAt = new Date(now + CHARGE_TTL_SECONDS * 1000);
  await ctx.control
    .update(invoices)
    .set({ txId: txid, pixCopyPaste: copyPaste, pixExpiresAt: expiresAt, updatedAt: new Date() })
    .where(and(eq(invoices.id, invoice.id), eq(invoices.companyId, ctx.companyId), eq(invoices.status, "open")));
  return answer(txid, copyPaste, expiresAt);
}
