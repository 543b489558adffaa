import { and, asc, count, eq, gt } from "drizzle-orm";
import type { CampaignReportQuery } from "../../contracts/campaigns";
import { campaignPaces, campaignShipping } from "../../db/tenant";
import type { Ctx } from "../context";
import { requireCampaigns } from "../contactLists/view";
import { AppError } from "../errors";
import { csvDialect, csvDocument, csvRow } from "../shared/csv";
import { companyTimeZone } from "../schedules/checks";
import { pageOf } from "../shared/paging";
import { campaignCounts, failureReasons, type CampaignCounts } from "./counts";
import { JITTER_SHARE, nextWindowOpening, type Pacing } from "./pacing";
import { readCampaignSettings } from "./settings";
import { loadCampaign } from "./view";
import { recordAudit } from "../audit/recordAudit";

const recipientColumns = {
  id: campaignShipping.id,
  number: campaignShipping.number,
  name: campaignShipping.name,
  email: campaignShipping.email,
  status: campaignShipping.status,
  error: campaignShipping.error,
  confirmationRequestedAt: campaignShipping.confirmationRequestedAt,
  confirmedAt: campaignShipping.confirmedAt,
  sentAt: campaignShipping.sentAt,
  deliveredAt: campaignShipping.deliveredAt,
  repliedAt: campaignShipping.repliedAt,
  optedOutAt: campaignShipping.optedOutAt,
};

/**
 * When the sends still waiting would be done at the pacing's average (messageInterval plus half the jitter, the
 * long pause after every longerIntervalAfter sends), from the connection's next send, pushed into the sending
 * window when it falls outside. An estimate: the window's nights and a shared connection are not simulated.
 */
export function estimatedFinish(remainingSends: number, pacing: Pacing, from: number, timeZone: string): number | null {
  if (remainingSends <= 0) return null;
  const avg = (seconds: number) => seconds * 1000 * (1 + JITTER_SHARE / 2);
  const longPauses = pacing.longerIntervalAfter > 0 ? Math.floor(remainingSends / pacing.longerIntervalAfter) : 0;
  const ms = (remainingSends - longPauses) * avg(pacing.messageInterval) + longPauses * avg(Math.max(pacing.greaterInterval, pacing.messageInterval));
  return nextWindowOpening(from + ms, pacing, timeZone);
}

/**
 * GET /campaigns/:id/report: the counts (valid, delivered, failed with reasons, invalid, confirmation requested,
 * confirmed, replied, opted out), progress (delivered over valid, spec 002), the estimated finish, and the
 * recipients, paged (optionally of one status).
 */
export async function getCampaignReport({ ctx, input }: { ctx: Ctx; input: { id: number; query: CampaignReportQuery } }) {
  await requireCampaigns(ctx);
  const campaign = await loadCampaign(ctx.db, ctx.companyId, input.id);
  if (!campaign) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
  const counts = await campaignCounts(ctx.db, ctx.companyId, campaign.id);
  const where = and(
    eq(campaignShipping.companyId, ctx.companyId),
    eq(campaignShipping.campaignId, campaign.id),
    input.query.status ? eq(campaignShipping.status, input.query.status) : undefined,
  );
  const page = pageOf(input.query.pageNumber, 50);
  const [records, total, failures, settings, timeZone] = await Promise.all([
    ctx.db.select(recipientColumns).from(campaignShipping).where(where).orderBy(asc(campaignShipping.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(campaignShipping).where(where).get(),
    failureReasons(ctx.db, ctx.companyId, campaign.id),
    readCampaignSettings(ctx.db, ctx.companyId),
    companyTimeZone(ctx),
  ]);
  const pace = campaign.whatsappId
    ? await ctx.db.select({ nextAt: campaignPaces.nextAt }).from(campaignPaces).where(eq(campaignPaces.whatsappId, campaign.whatsappId)).get()
    : undefined;
  const running = campaign.status === "EM_ANDAMENTO" || campaign.status === "PROGRAMADA";
  const from = Math.max(Date.now(), pace?.nextAt.getTime() ?? 0, campaign.scheduledAt?.getTime() ?? 0);
  return {
    campaign,
    counts,
    progress: progressOf(counts),
    failures: failures.map((f) => ({ error: f.error!, count: f.n })),
    estimatedFinishAt: running ? estimatedFinish(remainingSends(counts, campaign.confirmation), settings, from, timeZone) : null,
    records,
    count: total?.n ?? 0,
    hasMore: page.hasMore(total?.n ?? 0),
  };
}

/** Percent delivered of the valid recipients (spec 002), 0 to 100. */
export function progressOf(counts: CampaignCounts) {
  return counts.valid > 0 ? Math.round((counts.delivered / counts.valid) * 1000) / 10 : 0;
}

/** Sends still to make: each queued recipient (two in confirmation mode: confirmation, then the message), each confirmed one. */
function remainingSends(counts: CampaignCounts, confirmation: boolean) {
  return counts.queued * (confirmation ? 2 : 1) + counts.confirmed;
}

/** GET /campaigns/:id/report.csv: every recipient with its status, reason and times (UTC), streamed in chunks, in the reader's CSV dialect. */
export async function exportCampaignReportCsv({ ctx, input }: { ctx: Ctx; input: { id: number; lang?: string } }): Promise<ReadableStream<Uint8Array>> {
  const dialect = csvDialect(input.lang ?? "pt-BR");
  await requireCampaigns(ctx);
  const campaign = await loadCampaign(ctx.db, ctx.companyId, input.id);
  if (!campaign) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
  // The recipients' list leaves the product: recorded when the download starts.
  recordAudit(ctx, { action: "data.exported", target: { type: "campaign", id: campaign.id, label: campaign.name }, detail: { what: "campaignReport" } });
  const encoder = new TextEncoder();
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const headers = ["number", "name", "email", "status", "error", "confirmationRequestedAt", "confirmedAt", "sentAt", "deliveredAt", "repliedAt", "optedOutAt"];
        controller.enqueue(encoder.encode(csvDocument([headers], dialect)));
        return;
      }
      const rows = await ctx.db
        .select(recipientColumns)
        .from(campaignShipping)
        .where(and(eq(campaignShipping.companyId, ctx.companyId), eq(campaignShipping.campaignId, campaign.id), gt(campaignShipping.id, after)))
        .orderBy(asc(campaignShipping.id))
        .limit(500);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows[rows.length - 1]!.id;
      const text = rows
        .map((r) =>
          csvRow([r.number, r.name, r.email, r.status, r.error ?? "", iso(r.confirmationRequestedAt), iso(r.confirmedAt), iso(r.sentAt), iso(r.deliveredAt), iso(r.repliedAt), iso(r.optedOutAt)], dialect),
        )
        .join("");
      controller.enqueue(encoder.encode(text));
    },
  });
}
