import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inList } from "../../db/inList";
import { templateFamily } from "../../db/preparedTemplates";
import { messages } from "../../db/tenant";
import type { MessageView } from "../../contracts/views/message";

const quotedColumns = { id: true, wid: true, body: true, fromMe: true, mediaType: true, isDeleted: true } as const;

function buildMessagesQuery(db: Db, where: SQL, opts: { limited: boolean; newestFirst: boolean }) {
  return db.query.messages.findMany({
    where,
    limit: opts.limited ? sql.placeholder("limit") : undefined,
    orderBy: opts.newestFirst ? [desc(messages.createdAt), desc(messages.id)] : [asc(messages.createdAt), asc(messages.id)],
    with: {
      contact: { columns: { id: true, name: true, number: true, profilePicUrl: true } },
      quotedMsg: { columns: quotedColumns },
    },
  });
}

type MessageRows = Awaited<ReturnType<typeof buildMessagesQuery>>;

const templates = {
  oldestFirst: templateFamily<MessageRows>((db, where) => buildMessagesQuery(db, where, { limited: false, newestFirst: false })),
  newestFirst: templateFamily<MessageRows>((db, where) => buildMessagesQuery(db, where, { limited: false, newestFirst: true })),
  oldestFirstLimited: templateFamily<MessageRows>((db, where) => buildMessagesQuery(db, where, { limited: true, newestFirst: false })),
  newestFirstLimited: templateFamily<MessageRows>((db, where) => buildMessagesQuery(db, where, { limited: true, newestFirst: true })),
};

/**
 * Messages as the chat shows them (spec 000 section 3): media by an authenticated URL, the quoted message inline.
 * The query is returned unawaited so that it can join a `db.batch` (one D1 round trip). It is prepared once per
 * shape of `where` (preparedTemplates).
 */
export function messagesQuery(db: Db, where: SQL, opts: { limit?: number; newestFirst?: boolean } = {}) {
  const order = opts.newestFirst ? "newestFirst" : "oldestFirst";
  if (opts.limit === undefined) return templates[order](db, where);
  return templates[`${order}Limited`](db, where, { limit: opts.limit });
}

export async function loadMessages(db: Db, where: SQL, opts: { limit?: number; newestFirst?: boolean } = {}): Promise<MessageView[]> {
  return (await messagesQuery(db, where, opts)).map(presentMessageRow);
}

export function presentMessageRow<T extends { id: number; mediaUrl: string | null; isDeleted: boolean; body: string; dataJson: string | null }>(row: T) {
  const { dataJson, ...rest } = row;
  return {
    ...rest,
    // The R2 key never leaves the server: media is fetched through an authenticated, company-checked route.
    mediaUrl: row.mediaUrl ? `/api/messages/${row.id}/media` : null,
    /** The contact's reply rated the service (1–3): the chat shows it as a rating. */
    rating: ratingIn(dataJson),
  };
}

/** The rating a message's data records (ingestMessage writes { rating } on a reply to the rating prompt). */
function ratingIn(dataJson: string | null): number | null {
  if (!dataJson?.includes('"rating"')) return null;
  try {
    const rating = (JSON.parse(dataJson) as { rating?: unknown }).rating;
    return typeof rating === "number" ? rating : null;
  } catch {
    return null;
  }
}

export type PresentedMessage = MessageView;

export async function loadMessage(db: Db, companyId: number, id: number) {
  const [m] = await loadMessages(db, and(eq(messages.companyId, companyId), eq(messages.id, id))!, { limit: 1 });
  return m;
}

export async function loadMessagesByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return loadMessages(db, and(eq(messages.companyId, companyId), inList(messages.id, ids))!);
}

