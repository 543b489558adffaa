import { and, asc, count, eq, gt, inArray, isNotNull, lt, lte, min, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { raiseCampaignFinished } from "../publicApi/raiseChanges";
import {
  campaignPaces,
  campaignSends,
  campaignShipping,
  campaigns,
  contacts,
  messages,
  type Campaign,
  type CampaignShipping,
} from "../../db/tenant";
import type { AnyCtx, SystemCtx } from "../context";
import { fileListMessages } from "../fileLists/sendFileList";
import { enqueueOutboundAll } from "../messages/enqueueOutbound";
import { companyTimeZone } from "../schedules/checks";
import { writeShippings } from "./audience";
import { publishCampaignProgress } from "./counts";
import { localDay, nextWindowOpening, pauseAfter, typingMsFor } from "./pacing";
import { readCampaignSettings } from "./settings";
import { campaignTemplateMessage } from "./campaignTemplate";
import { campaignText, storeCampaignMessage, variantsOf } from "./storeCampaignMessage";
import { publishCampaign } from "./view";
import { marketingBlocked } from "../consent/marketingBlocked";

/** A confirmation unanswered this long no longer keeps its campaign running. */
export const CONFIRMATION_WAIT_MS = 24 * 60 * 60 * 1000;
/** A running campaign with nothing to send (waiting for confirmations) is looked at again after this. */
export const IDLE_CHECK_MS = 5 * 60 * 1000;
/** Opted-out recipients passed over in one step before it yields its turn. */
const SKIPS_PER_STEP = 50;

const SENDABLE = ["confirmed", "queued"] as const;

/** Running campaigns (or one connection's), the one that sent least recently first: campaigns on a connection take turns. */
function runningCampaigns(db: Db, companyId: number, connectionId?: number) {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.status, "EM_ANDAMENTO"), connectionId === undefined ? undefined : eq(campaigns.whatsappId, connectionId)))
    .orderBy(sql`${campaigns.lastSentAt} is not null`, asc(campaigns.lastSentAt), asc(campaigns.id))
    .all();
}

function hasSendable(db: Db, campaignId: number) {
  return !!db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaignId), inArray(campaignShipping.status, [...SENDABLE])))
    .limit(1)
    .get();
}

/**
 * When the company's campaigns next need the alarm: a PROGRAMADA campaign's time (one whose time passed while the
 * system was down is due at once), each connection's next send while it has recipients waiting, and a look again
 * after IDLE_CHECK_MS at campaigns waiting only for confirmations. Null with no campaign to run.
 */
export function nextCampaignDue(db: Db, companyId: number, now = Date.now()): number | null {
  const due: number[] = [];
  const programmed = db
    .select({ at: min(campaigns.scheduledAt) })
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.status, "PROGRAMADA")))
    .get();
  if (programmed?.at) due.push(new Date(programmed.at).getTime());
  const byConnection = new Map<number, boolean>();
  for (const c of runningCampaigns(db, companyId)) {
    if (c.whatsappId === null) continue;
    byConnection.set(c.whatsappId, (byConnection.get(c.whatsappId) ?? false) || hasSendable(db, c.id));
  }
  for (const [connectionId, sendable] of byConnection) {
    if (!sendable) {
      due.push(now + IDLE_CHECK_MS);
      continue;
    }
    const pace = db.select({ nextAt: campaignPaces.nextAt }).from(campaignPaces).where(eq(campaignPaces.whatsappId, connectionId)).get();
    due.push(pace ? pace.nextAt.getTime() : now);
  }
  return due.length ? Math.min(...due) : null;
}

/**
 * The hub's alarm (ADR 0038): campaigns whose time has come start (also those due while the system was down), then
 * each connection with a campaign running makes at most one send, when its pace allows: inside the sending window
 * and days (company time zone), under the daily cap, after the pause the last send set. Each send is a turn of the
 * hub's command queue: the recipient's shipping row is claimed in the same transaction that stores the message,
 * records the send and moves the connection's pace, and the message goes through the delivery queue like an agent's.
 */
export async function dispatchCampaigns({
  ctx,
  input,
  serially,
}: {
  ctx: SystemCtx;
  input: { now: number };
  serially: <T>(task: () => Promise<T>) => Promise<T>;
}): Promise<{ started: number; sent: number }> {
  const started = await serially(() => startDueCampaigns(ctx, input.now));
  const connections = [...new Set(runningCampaigns(ctx.db, ctx.companyId).map((c) => c.whatsappId).filter((id): id is number => id !== null))];
  let sent = 0;
  for (const connectionId of connections) {
    if (await serially(() => stepConnection(ctx, connectionId, input.now))) sent++;
  }
  return { started, sent };
}

async function startDueCampaigns(ctx: SystemCtx, now: number) {
  const due = ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.status, "PROGRAMADA"), lte(campaigns.scheduledAt, new Date(now))))
    .all();
  for (const c of due) {
    ctx.db.transaction(() => {
      const claimed = ctx.db
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", startedAt: c.startedAt ?? new Date(now), updatedAt: new Date() })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "PROGRAMADA")))
        .returning({ id: campaigns.id })
        .all();
      if (claimed.length) writeShippings(ctx.db, c, new Date(now));
    });
    await publishCampaign(ctx, "update", c.id);
    await publishCampaignProgress(ctx, c.id);
  }
  return due.length;
}

/** One send on the connection if its pace allows; true when one was made. */
async function stepConnection(ctx: SystemCtx, connectionId: number, now: number): Promise<boolean> {
  const { db, companyId } = ctx;
  const pace = db.select().from(campaignPaces).where(eq(campaignPaces.whatsappId, connectionId)).get();
  if (pace && pace.nextAt.getTime() > now) return false;
  const running = runningCampaigns(db, companyId, connectionId);
  if (running.length === 0) return false;
  const settings = await readCampaignSettings(db, companyId);
  const timeZone = await companyTimeZone(ctx);
  const movePace = (nextAt: number) =>
    db
      .insert(campaignPaces)
      .values({ whatsappId: connectionId, companyId, nextAt: new Date(nextAt), updatedAt: new Date() })
      .onConflictDoUpdate({ target: campaignPaces.whatsappId, set: { nextAt: new Date(nextAt), updatedAt: new Date() } })
      .run();

  const opening = nextWindowOpening(now, settings, timeZone);
  if (opening > now) {
    movePace(opening);
    return false;
  }
  const day = localDay(now, timeZone);
  const dayCount = pace?.day === day ? pace.dayCount : 0;
  if (settings.dailyCap > 0 && dayCount >= settings.dailyCap) {
    movePace(nextWindowOpening(now, settings, timeZone, day));
    return false;
  }

  const next = await nextRecipient(ctx, running);
  if (!next) {
    // The confirmation wait is real time (replies come when they come), not the pace's clock.
    for (const c of running) await finishIfDone(ctx, c.id);
    return false;
  }
  const { campaign, shipping } = next;
  const kind = shipping.status === "queued" && campaign.confirmation && variantsOf(campaign, "confirmation").length > 0 ? "confirmation" : "message";
  // A Cloud API campaign's template, filled for this recipient; one no longer approved fails the recipient, not the alarm.
  const template = campaign.template
    ? await campaignTemplateMessage(ctx, campaign.template, shipping).catch((err) => {
        console.error("campaign template could not be filled", { companyId, campaignId: campaign.id, err: String(err) });
        return null;
      })
    : undefined;
  if (template === null) {
    await failShipping(ctx, shipping, "ERR_WAPP_TEMPLATE");
    await publishCampaignProgress(ctx, campaign.id);
    return false;
  }
  const body = template?.body ?? campaignText(campaign, kind, shipping, settings.variables);
  // The file list goes with the contact's message, claimed with it: only with its first claim (sentAt unset), so
  // a failed message tried again after a restart goes alone, and a contact never gets the files twice.
  const before = kind === "message" && campaign.fileListId && shipping.sentAt === null ? await fileListMessages(ctx, campaign.fileListId) : [];
  const sincePause = (pace?.sincePause ?? 0) + 1;
  const pause = pauseAfter(settings, sincePause);
  try {
    await storeCampaignMessage(ctx, {
      campaign,
      connectionId,
      to: shipping,
      body,
      withMedia: kind === "message",
      typingMs: typingMsFor(body, settings),
      before,
      template: template?.data,
      claim: (messageId, ticketId) => {
        const claimed = db
          .update(campaignShipping)
          .set({
            status: kind === "confirmation" ? "confirming" : "sending",
            messageId,
            ticketId,
            ...(kind === "message" ? { sentAt: new Date(now) } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(campaignShipping.id, shipping.id), eq(campaignShipping.status, shipping.status)))
          .returning({ id: campaignShipping.id })
          .all();
        // Taken meanwhile (it cannot be, in the hub's queue, but a second send is worse than none): nothing is stored.
        if (claimed.length === 0) throw new Error(`campaign shipping ${shipping.id} was claimed meanwhile`);
        db.insert(campaignSends).values({ companyId, whatsappId: connectionId, campaignId: campaign.id, shippingId: shipping.id, kind, gapMs: pause.ms, at: new Date(now) }).run();
        const paced = { nextAt: new Date(now + pause.ms), sincePause: pause.long ? 0 : sincePause, day, dayCount: dayCount + 1, updatedAt: new Date() };
        db.insert(campaignPaces)
          .values({ whatsappId: connectionId, companyId, ...paced })
          .onConflictDoUpdate({ target: campaignPaces.whatsappId, set: paced })
          .run();
        db.update(campaigns).set({ lastSentAt: new Date(now) }).where(eq(campaigns.id, campaign.id)).run();
      },
    });
  } catch (err) {
    console.error("campaign send could not be stored", { companyId, campaignId: campaign.id, shippingId: shipping.id, err: String(err) });
    await failShipping(ctx, shipping, "ERR_CREATING_MESSAGE");
    await publishCampaignProgress(ctx, campaign.id);
    return false;
  }
  await publishCampaignProgress(ctx, campaign.id);
  return true;
}

/**
 * The next recipient of the connection's running campaigns: confirmed ones first, each campaign in turn; opted-out
 * numbers (marketing consent revoked: marketingBlocked) are skipped, and numbers WhatsApp cannot deliver to are
 * recorded invalid.
 */
async function nextRecipient(ctx: SystemCtx, running: Campaign[]): Promise<{ campaign: Campaign; shipping: CampaignShipping } | null> {
  for (let skips = 0; skips < SKIPS_PER_STEP; skips++) {
    let found: { campaign: Campaign; shipping: CampaignShipping } | null = null;
    for (const status of SENDABLE) {
      for (const campaign of running) {
        const shipping = ctx.db
          .select()
          .from(campaignShipping)
          .where(and(eq(campaignShipping.campaignId, campaign.id), eq(campaignShipping.status, status)))
          .orderBy(asc(campaignShipping.id))
          .limit(1)
          .get();
        if (shipping) {
          found = { campaign, shipping };
          break;
        }
      }
      if (found) break;
    }
    if (!found) return null;
    const optedOut = marketingBlocked(ctx.db, ctx.companyId, found.shipping.number);
    // WhatsApp said it cannot deliver to the number (131026) and the contact has not written since.
    const undeliverable = optedOut
      ? undefined
      : ctx.db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, found.shipping.number), isNotNull(contacts.undeliverableAt)))
          .get();
    if (!optedOut && !undeliverable) return found;
    if (optedOut) await failShipping(ctx, found.shipping, "ERR_CAMPAIGN_OPTED_OUT", "skipped");
    else await failShipping(ctx, found.shipping, "ERR_WAPP_INVALID_CONTACT", "invalid");
    await publishCampaignProgress(ctx, found.campaign.id);
  }
  return null;
}

async function failShipping(ctx: SystemCtx, shipping: CampaignShipping, error: string, status: "failed" | "skipped" | "invalid" = "failed") {
  ctx.db
    .update(campaignShipping)
    .set({ status, error, updatedAt: new Date() })
    .where(and(eq(campaignShipping.id, shipping.id), eq(campaignShipping.status, shipping.status)))
    .run();
}

/**
 * FINALIZADA once nothing is left to send or deliver and no confirmation asked within CONFIRMATION_WAIT_MS is still
 * awaited (a later reply to it no longer sends the message).
 */
export async function finishIfDone(ctx: SystemCtx, campaignId: number, now = Date.now()) {
  const mine = eq(campaignShipping.campaignId, campaignId);
  const [open, waiting] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(campaignShipping).where(and(mine, inArray(campaignShipping.status, ["queued", "confirmed", "sending"]))),
    ctx.db
      .select({ n: count() })
      .from(campaignShipping)
      .where(and(mine, eq(campaignShipping.status, "confirming"), gt(campaignShipping.updatedAt, new Date(now - CONFIRMATION_WAIT_MS)))),
  ]);
  if ((open[0]?.n ?? 0) + (waiting[0]?.n ?? 0) > 0) return false;
  const done = ctx.db
    .update(campaigns)
    .set({ status: "FINALIZADA", completedAt: new Date(now), updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, ctx.companyId), eq(campaigns.id, campaignId), eq(campaigns.status, "EM_ANDAMENTO")))
    .returning({ id: campaigns.id })
    .all();
  if (done.length) {
    await raiseCampaignFinished(ctx, campaignId);
    await publishCampaign(ctx, "update", campaignId);
  }
  return done.length > 0;
}

/**
 * After a restart or resume: a message stored and claimed whose delivery job was lost (the hub stopped between the
 * two) is handed to the queue again, after the files of its file list stored with it that are still undelivered
 * (every undelivered message of ours before it on its ticket). Delivery is idempotent on the message's own id, so
 * one already sent is not sent twice.
 */
export async function requeueUndelivered(ctx: AnyCtx, campaignId: number) {
  const stuck = ctx.db
    .select({ messageId: campaignShipping.messageId, ticketId: campaignShipping.ticketId })
    .from(campaignShipping)
    .innerJoin(messages, eq(messages.id, campaignShipping.messageId))
    .where(
      and(
        eq(campaignShipping.campaignId, campaignId),
        inArray(campaignShipping.status, ["sending", "confirming"]),
        isNotNull(campaignShipping.messageId),
        eq(messages.ack, 0),
        sql`${messages.sendError} is null`,
      ),
    )
    .all();
  const ids: number[] = [];
  for (const s of stuck) {
    if (s.ticketId !== null) {
      const earlier = ctx.db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.companyId, ctx.companyId),
            eq(messages.ticketId, s.ticketId),
            eq(messages.fromMe, true),
            eq(messages.isPrivate, false),
            lt(messages.id, s.messageId!),
            eq(messages.ack, 0),
            sql`${messages.sendError} is null`,
            isNotNull(messages.mediaUrl),
          ),
        )
        .orderBy(asc(messages.id))
        .all();
      ids.push(...earlier.map((m) => m.id));
    }
    ids.push(s.messageId!);
  }
  for (let i = 0; i < ids.length; i += 100) {
    await enqueueOutboundAll(
      ctx,
      ids.slice(i, i + 100).map((messageId) => ({ kind: "send" as const, companyId: ctx.companyId, messageId })),
    );
  }
  return stuck.length;
}
