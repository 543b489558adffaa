import { z } from "zod";
import { parsePlatformId, platformId } from "./ids";
import { idList } from "./tickets";
import { REQUIRED } from "./fieldMessages";

/**
 * Cards of each lane per page. The board's first answer is every lane's first page, so its size and time stay the
 * same however many tickets wait (bench/kanban.mjs measures it at 2,000); a lane scrolled to its end asks for its
 * next page.
 */
export const KANBAN_LANE_PAGE_SIZE = 40;

/** Lanes a company may order at once: far above any board a person can read. */
export const MAX_KANBAN_LANES = 500;

/** A lane in a query: a kanban tag's id, or "open" for 'Em aberto' (null). */
const laneParam = z.string().transform((value, ctx) => {
  if (value === "open") return null;
  const id = parsePlatformId(value);
  if (id === null) {
    ctx.issues.push({ code: "custom", message: "Must be a tag id or open", input: value });
    return z.NEVER;
  }
  return id;
});

/**
 * Where a lane's next page starts: after the card last sent (its last activity and id), as the board orders a lane.
 * A position rather than a page number: cards leave and enter a lane all day, and a page number would skip the
 * cards that shifted up meanwhile. Written by the server (`<ms>_<id>`) and sent back as it came.
 */
export const laneCursor = {
  of: (card: { updatedAt: Date; id: number }) => `${card.updatedAt.getTime()}_${card.id}`,
  schema: z.string().transform((value, ctx) => {
    const [ms, id, ...rest] = value.split("_");
    const at = ms && /^[0-9]{1,15}$/.test(ms) ? Number(ms) : null;
    const ticketId = parsePlatformId(id);
    if (at === null || ticketId === null || rest.length) {
      ctx.issues.push({ code: "custom", message: "Must be a cursor the board gave", input: value });
      return z.NEVER;
    }
    return { updatedAt: at, id: ticketId };
  }),
};

/**
 * GET /ticket/kanban: `queueIds` as a JSON list (spec 002), or none for every queue the user may see. Without
 * `lane`, the first page of every lane; with `lane` (and the `cursor` its last page gave), that lane's next page.
 */
export const kanbanBoardQuery = z
  .object({ queueIds: idList.optional(), lane: laneParam.optional(), cursor: laneCursor.schema.optional() })
  .refine((q) => q.cursor === undefined || q.lane !== undefined, { message: "A cursor is a lane's: name the lane", path: ["cursor"] });
export type KanbanBoardQuery = z.infer<typeof kanbanBoardQuery>;

/**
 * A lane's paging, beside the cards of an answer: how many cards the lane holds in all (`count`), whether there are
 * more than were sent so far (`hasMore`), and where its next page starts (`cursor`, null when there is none).
 */
export interface KanbanLanePage {
  laneTagId: number | null;
  count: number;
  hasMore: boolean;
  cursor: string | null;
}

const id = platformId();
/** A lane: a kanban tag's id, or null for 'Em aberto'. */
const laneId = platformId("Must be a tag id or null", REQUIRED).nullable();

/**
 * PUT /ticket/kanban/:ticketId: the card's new lane (`toTagId`, a kanban tag, or null for 'Em aberto'). With
 * `fromTagId` (the lane the mover saw it in) a card someone else moved meanwhile answers 409 instead of jumping.
 */
export const moveKanbanCardInput = z.object({
  toTagId: laneId,
  fromTagId: laneId.optional(),
});
export type MoveKanbanCardInput = z.infer<typeof moveKanbanCardInput>;

/** PUT /tags/kanban/order: the lanes left to right; lanes not named keep their order after these. */
export const kanbanLaneOrderInput = z.object({
  tagIds: z
    .array(id, { error: "Must be a list of tag ids" })
    .min(1, REQUIRED)
    .max(MAX_KANBAN_LANES, `At most ${MAX_KANBAN_LANES} lanes`)
    .refine((ids) => new Set(ids).size === ids.length, "A lane is named twice"),
});
export type KanbanLaneOrderInput = z.infer<typeof kanbanLaneOrderInput>;
