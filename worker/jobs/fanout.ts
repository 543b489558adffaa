import { and, asc, eq, gt, sql } from "drizzle-orm";
import { FANOUT_BATCH_SIZE, fanoutJob, type FanoutJob } from "../contracts/announcements";
import type { Delivery } from "../contracts/ws";
import { createControlDb, type ControlDb } from "../db/client";
import { announcementCompanies, announcementDeliveries, announcements, companies } from "../db/control";
import { presentAnnouncement } from "../domain/announcements/view";
import { hubDirectory } from "../hub/ports";
import type { Env } from "../env";

/**
 * The FANOUT consumer (ADR 0029). A job delivers an announcement's latest change to the next FANOUT_BATCH_SIZE of
 * its companies (one publish to each hub, in parallel; a hub with nobody connected does nothing with it), records
 * the progress, and enqueues the job for the next batch. No request or job ever loops over every company.
 */
export async function handleFanoutBatch(batch: MessageBatch<unknown>, env: Env) {
  const control = createControlDb(env.DB);
  for (const message of batch.messages) {
    const parsed = fanoutJob.safeParse(message.body);
    if (!parsed.success) {
      console.error("fanout: malformed job dropped", message.body);
      message.ack();
      continue;
    }
    try {
      await deliverAnnouncementBatch(env, control, parsed.data);
      message.ack();
    } catch (err) {
      console.error("fanout: batch failed, retrying", parsed.data, err);
      message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    }
  }
}

export async function deliverAnnouncementBatch(env: Env, control: ControlDb, job: FanoutJob) {
  const delivery = await control.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, job.announcementId)).get();
  // A newer change started its own run (or the announcement is gone): this one has nothing left to say.
  if (!delivery || delivery.run !== job.run || delivery.cursor !== job.afterCompanyId) return;
  const row = await control.select().from(announcements).where(eq(announcements.id, job.announcementId)).get();
  if (!row) return;
  const targets =
    row.audience === "all"
      ? await control.select({ id: companies.id }).from(companies).where(gt(companies.id, job.afterCompanyId)).orderBy(asc(companies.id)).limit(FANOUT_BATCH_SIZE).all()
      : await control
          .select({ id: announcementCompanies.companyId })
          .from(announcementCompanies)
          .where(and(eq(announcementCompanies.announcementId, row.id), gt(announcementCompanies.companyId, job.afterCompanyId)))
          .orderBy(asc(announcementCompanies.companyId))
          .limit(FANOUT_BATCH_SIZE)
          .all();
  const view = presentAnnouncement(row, null);
  const event: Delivery = {
    audience: { kind: "company" },
    event:
      delivery.action === "create" && row.status
        ? { type: "company-announcement", action: "create", announcement: view }
        : row.status
          ? { type: "company-announcement", action: "update", announcement: view }
          : { type: "company-announcement", action: "delete", announcementId: row.id },
  };
  const hubs = hubDirectory(env);
  // publish logs and swallows a hub's failure: one company's trouble never holds the others back.
  await Promise.all(targets.map((t) => hubs.of(t.id).publish([event])));
  const last = targets.at(-1)?.id ?? job.afterCompanyId;
  const more = targets.length === FANOUT_BATCH_SIZE;
  // Only the job whose cursor is current moves it on, so a redelivered job neither counts twice nor forks the chain.
  const moved = await control
    .update(announcementDeliveries)
    .set({
      cursor: last,
      delivered: sql`${announcementDeliveries.delivered} + ${targets.length}`,
      ...(more ? {} : { status: "done" as const, finishedAt: new Date() }),
    })
    .where(and(eq(announcementDeliveries.announcementId, row.id), eq(announcementDeliveries.run, job.run), eq(announcementDeliveries.cursor, job.afterCompanyId)))
    .returning({ cursor: announcementDeliveries.cursor })
    .get();
  if (moved && more) await env.FANOUT.send({ kind: "announcement", announcementId: row.id, run: job.run, afterCompanyId: last });
}
