import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { messages, tickets } from "../../db/tenant";
import type { SystemCtx } from "../context";
import { companySettingValues } from "../settings/companySettingValues";
import { blankMessages, blankTicketRows, removeMedia } from "./anonymise";

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Closed tickets anonymised per turn of the hub's command queue: a slice holds the hub's one thread (SQLite calls are
 * synchronous), so a page's read arriving meanwhile waits for it. bench/retention.mjs measured 200 tickets (1,000
 * messages and their full-text entries) at ~90 ms a slice, run back to back: the inbox's tab then waited up to 1.4 s.
 * Ten tickets are a few milliseconds.
 */
export const RETENTION_TICKETS_PER_SLICE = 10;
/**
 * The rest between two slices: retention takes a small share of the hub's thread, so a read meets a short slice now
 * and then and never a run of them. (Time does not move inside a synchronous slice on Workers, so the rest is fixed
 * rather than a multiple of what the slice took.) With 25 ms the tab's p99 rose by 81 % on a loaded machine
 * (bench/RESULTS.md); 50 ms halves retention's share (measured: 147 tickets a second, p99 ratio 1.30).
 */
export const RETENTION_REST_MS = 50;
/**
 * Slices per run of the alarm (about a second): the alarm's other due work (schedules, campaigns) is not held behind a
 * long backlog; the next run comes RETENTION_REST_MS later and goes on from the mark.
 */
export const RETENTION_SLICES_PER_RUN = 20;
/** How often the hub looks for closed tickets past the retention period while one is set. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** How far retention has gone: closed tickets are walked by (updated_at, id); everything before the mark is done. */
export interface RetentionMark {
  at: number;
  id: number;
}

/** The company's retention period in days, or null when it keeps conversations for ever (the default). */
export async function retentionDays(db: Db, companyId: number): Promise<number | null> {
  const { retentionDays: value } = await companySettingValues(db, companyId, ["retentionDays"]);
  const days = Number(value);
  return Number.isInteger(days) && days > 0 ? days : null;
}

/**
 * Retention (issue 28): closed tickets whose last change is older than the company's period lose their messages'
 * texts and media through the anonymiser (statistics stay). The hub's due work runs it; each slice of
 * RETENTION_TICKETS_PER_SLICE tickets is one turn of the command queue (`serially`), found through the partial index
 * tickets_company_closed_updated_idx from the mark where the last run stopped, with a rest between slices; a run
 * ends after RETENTION_SLICES_PER_RUN slices answering `more` (the hub's due work comes back for the rest). A ticket
 * reopened and closed again changes its updated_at, so it is found again once it is old enough. Anonymising keeps
 * updated_at as it was.
 */
export async function applyRetention({
  ctx,
  input,
  serially,
  marks,
  rest = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: {
  ctx: SystemCtx;
  input: { now: number };
  serially: <T>(task: () => Promise<T>) => Promise<T>;
  marks: { get(): Promise<RetentionMark | undefined>; set(mark: RetentionMark): Promise<void> };
  /** Waits between slices (tests pass their own). */
  rest?: (ms: number) => Promise<void>;
}): Promise<{ tickets: number; messages: number; files: number; more: boolean }> {
  const days = await retentionDays(ctx.db, ctx.companyId);
  const done = { tickets: 0, messages: 0, files: 0, more: false };
  if (days === null) return done;
  const cutoff = new Date(input.now - days * DAY_MS);
  let mark = (await marks.get()) ?? { at: 0, id: 0 };
  // The freed files are removed from R2 once per run, in one call per 1,000 (a slice frees one or two).
  const freed: string[] = [];
  const finish = async (more: boolean) => {
    done.files += await removeMedia(ctx, freed);
    return { ...done, more };
  };
  for (let slices = 0; ; slices++) {
    if (slices === RETENTION_SLICES_PER_RUN) return finish(true);
    if (slices > 0) await rest(RETENTION_REST_MS);
    const slice = await serially(async () => {
      const rows = ctx.db
        .select({ id: tickets.id, updatedAt: tickets.updatedAt })
        .from(tickets)
        .where(
          and(
            eq(tickets.companyId, ctx.companyId),
            // A literal, not a bound value: SQLite takes the partial index only for a WHERE that implies its own.
            sql`${tickets.status} = 'closed'`,
            lt(tickets.updatedAt, cutoff),
            sql`(${tickets.updatedAt}, ${tickets.id}) > (${mark.at}, ${mark.id})`,
          ),
        )
        .orderBy(asc(tickets.updatedAt), asc(tickets.id))
        .limit(RETENTION_TICKETS_PER_SLICE)
        .all();
      if (rows.length === 0) return null;
      const ids = rows.map((r) => r.id);
      const blanked = blankMessages(ctx, inList(messages.ticketId, ids));
      const mediaKeys = [...blanked.mediaKeys, ...blankTicketRows(ctx, ids)];
      // Deleted terms leave the full-text index's older segments as they merge, a little each slice (when a level
      // holds enough segments to merge at all).
      ctx.db.run(sql`insert into messages_fts(messages_fts, rank) values ('merge', 8)`);
      const last = rows[rows.length - 1]!;
      return { tickets: rows.length, messages: blanked.messages, mediaKeys, mark: { at: last.updatedAt.getTime(), id: last.id } };
    });
    if (!slice) return finish(false);
    mark = slice.mark;
    await marks.set(mark);
    done.tickets += slice.tickets;
    done.messages += slice.messages;
    freed.push(...slice.mediaKeys);
    if (slice.tickets < RETENTION_TICKETS_PER_SLICE) return finish(false);
  }
}
