import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queueOptions, queues, type Queue, type QueueOption } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { requirePermission } from "../context";
import type { PresentedQueue, PresentedQueueOption, QueueView } from "../../contracts/views/queue";

export type { PresentedQueue, PresentedQueueOption, QueueView };

/** The queue as the API answers it: mediaPath is the URL that serves the attachment, never its R2 key. */
export function presentQueue(q: Queue): PresentedQueue {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    schedules: q.schedules,
    integrationId: q.integrationId,
    promptId: q.promptId,
    mediaPath: q.mediaPath !== null ? `/api/queue/${q.id}/media` : null,
    mediaName: q.mediaName,
    assignmentMode: q.assignmentMode,
    slaFirstResponseMinutes: q.slaFirstResponseMinutes,
    slaResolutionMinutes: q.slaResolutionMinutes,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}


export function presentQueueOption(o: QueueOption): PresentedQueueOption {
  return {
    id: o.id,
    queueId: o.queueId,
    parentId: o.parentId,
    option: o.option,
    title: o.title,
    message: o.message,
    mediaPath: o.mediaPath !== null ? `/api/queue-options/${o.id}/media` : null,
    mediaName: o.mediaName,
    fileListId: o.fileListId,
    marketingConsent: o.marketingConsent,
    children: [],
  };
}

/** Options sort by their ordinal as a number ("10" after "9"), then by age. */
export const optionOrder = [asc(sql`cast(${queueOptions.option} as integer)`), asc(queueOptions.id)];

/** The queue's options as a tree (siblings in ordinal order). */
export async function loadOptionTree(db: Db, companyId: number, queueId: number): Promise<PresentedQueueOption[]> {
  const rows = await db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, queueId), eq(queueOptions.companyId, companyId)))
    .orderBy(...optionOrder);
  const byId = new Map(rows.map((r) => [r.id, presentQueueOption(r)]));
  const roots: PresentedQueueOption[] = [];
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parentId !== null ? byId.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function loadQueue(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(queues)
    .where(and(eq(queues.id, id), eq(queues.companyId, companyId)))
    .get();
}

/** The queue with its option tree (the dialog's view, and what events carry). */
export async function loadQueueView(db: Db, companyId: number, id: number): Promise<QueueView | null> {
  const queue = await loadQueue(db, companyId, id);
  if (!queue) return null;
  return { ...presentQueue(queue), options: await loadOptionTree(db, companyId, id) };
}

/** A queue of the company the user may change: 403 for lesser profiles (checked first), 404 when not theirs. */
export async function manageableQueue(ctx: Ctx, id: number) {
  requirePermission(ctx, "queues:manage");
  const queue = await loadQueue(ctx.db, ctx.companyId, id);
  if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
  return queue;
}

/** An option of the company the user may change (same order of checks as manageableQueue). */
export async function manageableOption(ctx: Ctx, id: number) {
  requirePermission(ctx, "queues:manage");
  const option = await ctx.db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.id, id), eq(queueOptions.companyId, ctx.companyId)))
    .get();
  if (!option) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
  return option;
}

/** Tells the company; the queue travels with its option tree so an open dialog can follow option edits too. */
export async function publishQueue(ctx: Ctx, action: "create" | "update", queue: QueueView) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "queue", action, queue } }]);
}

/** After an option write: tells the company the queue (and its tree) as it now stands, and answers it. */
export async function publishQueueChanged(ctx: Ctx, queueId: number) {
  const view = await loadQueueView(ctx.db, ctx.companyId, queueId);
  if (view) await publishQueue(ctx, "update", view);
  return view;
}

/** An option (with its subtree) found in a tree. */
export function findOption(nodes: PresentedQueueOption[], id: number): PresentedQueueOption | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findOption(node.children, id);
    if (found) return found;
  }
  return null;
}

export async function publishQueueDeleted(ctx: Ctx, queueId: number) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "queue", action: "delete", queueId } }]);
}
