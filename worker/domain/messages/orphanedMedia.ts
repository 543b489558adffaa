import { and, eq, isNotNull, like } from "drizzle-orm";
import { inList } from "../../db/inList";
import { messages } from "../../db/tenant";
import type { Ctx } from "../context";

/** R2 deletes at most 1,000 keys a call. */
const KEYS_PER_DELETE = 1000;

/** Files uploaded or received for messages; queue, option and quick-message files live elsewhere and stay. */
const messageMediaPrefix = (companyId: number) => `companies/${companyId}/messages/`;

/** The message files of some tickets, read before the tickets (and their messages) are deleted. */
export async function messageMediaOfTickets(ctx: Pick<Ctx, "db" | "companyId">, ticketIds: number[]): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: messages.mediaUrl })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, ctx.companyId),
        inList(messages.ticketId, ticketIds),
        isNotNull(messages.mediaUrl),
        like(messages.mediaUrl, `${messageMediaPrefix(ctx.companyId)}%`),
      ),
    );
  return [...new Set(rows.flatMap((r) => (r.key ? [r.key] : [])))];
}

/**
 * After the delete: removes from R2 the files no remaining message points at (a forwarded copy shares its
 * original's file, so a file still in use elsewhere stays). Runs after the response; a failure only leaves files.
 */
export function removeOrphanedMedia(ctx: Pick<Ctx, "db" | "companyId" | "env" | "waitUntil">, keys: string[]) {
  if (keys.length === 0) return;
  ctx.waitUntil(
    (async () => {
      const rows = await ctx.db
        .select({ key: messages.mediaUrl })
        .from(messages)
        .where(and(eq(messages.companyId, ctx.companyId), inList(messages.mediaUrl, keys)));
      const stillUsed = new Set(rows.map((r) => r.key));
      const orphaned = keys.filter((k) => !stillUsed.has(k));
      for (let i = 0; i < orphaned.length; i += KEYS_PER_DELETE) await ctx.env.MEDIA.delete(orphaned.slice(i, i + KEYS_PER_DELETE));
    })().catch((err) => console.error("could not remove orphaned media", { companyId: ctx.companyId, err: String(err) })),
  );
}
