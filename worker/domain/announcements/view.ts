import { and, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { AnnouncementView, FanoutJob } from "../../contracts/announcements";
import { announcementCompanies, announcementDeliveries, announcements, companies } from "../../db/control";
import type { ControlDb } from "../../db/client";
import type { Announcement } from "../../db/control";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";

export const announcementMediaUrl = (id: number) => `/api/announcements/${id}/media`;
export const announcementMediaKey = (id: number, fileName: string) => `platform/announcements/${id}/${crypto.randomUUID()}/${fileName}`;

export function presentAnnouncement(row: Announcement, companyIds: number[] | null): AnnouncementView {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath ? announcementMediaUrl(row.id) : null,
    endDate: row.endDate ? row.endDate.toISOString() : null,
    companyIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The announcement for a super user (403 for anyone else, 404 when there is none). */
export async function managedAnnouncement(ctx: Ctx, id: number): Promise<Announcement> {
  requirePermission(ctx, "announcements:manage");
  const row = await ctx.control.select().from(announcements).where(eq(announcements.id, id)).get();
  if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
  return row;
}

export async function targetsOf(control: ControlDb, row: Pick<Announcement, "id" | "audience">): Promise<number[] | null> {
  if (row.audience === "all") return null;
  const rows = await control.select({ id: announcementCompanies.companyId }).from(announcementCompanies).where(eq(announcementCompanies.announcementId, row.id)).all();
  return rows.map((r) => r.id);
}

/** Shown now to the users of `companyId`: on, not past its end date, and for all companies or chosen for this one. */
export function activeFor(companyId: number, now: Date) {
  return and(
    eq(announcements.status, true),
    or(isNull(announcements.endDate), gt(announcements.endDate, now)),
    or(
      eq(announcements.audience, "all"),
      sql`exists (select 1 from ${announcementCompanies} where ${announcementCompanies.announcementId} = ${announcements.id} and ${announcementCompanies.companyId} = ${companyId})`,
    ),
  );
}

/**
 * Starts the live delivery of an announcement's change: how many companies it goes to, a new run (older jobs stop),
 * and the first job on the FANOUT queue. The request returns at once; the queue does the companies in batches.
 */
export async function startDelivery(ctx: Ctx, row: Pick<Announcement, "id" | "audience">, action: "create" | "update") {
  const total =
    row.audience === "all"
      ? (await ctx.control.select({ n: count() }).from(companies).get())?.n ?? 0
      : (await ctx.control.select({ n: count() }).from(announcementCompanies).where(eq(announcementCompanies.announcementId, row.id)).get())?.n ?? 0;
  const now = new Date();
  const delivery = await ctx.control
    .insert(announcementDeliveries)
    .values({ announcementId: row.id, run: 1, action, total, delivered: 0, cursor: 0, status: total ? "running" : "done", startedAt: now, finishedAt: total ? null : now })
    .onConflictDoUpdate({
      target: announcementDeliveries.announcementId,
      set: { run: sql`${announcementDeliveries.run} + 1`, action, total, delivered: 0, cursor: 0, status: total ? "running" : "done", startedAt: now, finishedAt: total ? null : now },
    })
    .returning()
    .get();
  if (total) await ctx.env.FANOUT.send({ kind: "announcement", announcementId: row.id, run: delivery.run, afterCompanyId: 0 } satisfies FanoutJob);
  return delivery;
}
