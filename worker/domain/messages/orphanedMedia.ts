import { and, eq, inArray, isNotNull, like } from "drizzle-orm";
import { messages } from "../../db/schema";
import type { Ctx } from "../context";

/** D1 binds at most 100 parameters a statement. */
const IDS_PER_QUERY = 90;
/** R2 deletes at most 1,000 keys a call. */
const KEYS_PER_DELETE = 1000;

/** Files uploaded or received for messages; queue, option and quick-message files live elsewhere and stay. */
const messageMediaPrefix = (companyId: number) => `companies/${companyId}/messages/`;

/** The message files of some tickets, read before the tickets (and their messages) are deleted. */
export async function messageMediaOfTickets(ctx: Pick<Ctx, "db" | "companyId">, ticketIds: number[]): Promise<string[]> {
  const keys = new Set<string>();
  for (let i = 0; i < ticketIds.length; i += IDS_PER_QUERY) {
    const rows = await ctx.db
      .select({ key: messages.mediaUrl })
      .from(messages)
      .where(
        and(
          eq(messages.companyId, ctx.companyId),
          inArray(messages.ticketId, ticketIds.slice(i, i + IDS_PER_QUERY)),
          isNotNull(messages.mediaUrl),
          like(messages.mediaUrl, `${messageMediaPrefix(ctx.companyId)}%`),
        ),
      );
    for (const r of rows) if (r.key) keys.add(r.key);
  }
  return [...keys];
}

/**
 * After the delete: removes from R2 the files no remaining message points at (a forwarded copy shares its
 * original's file, so a file still in use elsewhere stays). Runs after the response; a failure only leaves files.
 */
export function removeOrphanedMedia(ctx: Pick<Ctx, "db" | "companyId" | "env" | "waitUntil">, keys: string[]) {
  if (keys.length === 0) return;
  ctx.waitUntil(
    (async () => {
      const stillUsed = new Set<string>();
      for (let i = 0; i < keys.length; i += IDS_PER_QUERY) {
        const rows = await ctx.db
          .select({ key: messages.mediaUrl })
          .from(messages)
          .where(and(eq(messages.companyId, ctx.companyId), inArray(messages.mediaUrl, keys.slice(i, i + IDS_PER_QUERY))));
        for (const r of rows) if (r.key) stillUsed.add(r.key);
      }
      const orphaned = keys.filter((k) => !stillUsed.has(k));
      for (let i = 0; i < orphaned.length; i += KEYS_PER_DELETE) await ctx.env.MEDIA.delete(orphaned.slice(i, i + KEYS_PER_DELETE));
    })().catch((err) => console.error("could not remove orphaned media", { companyId: ctx.companyId, err: String(err) })),
  );
}
