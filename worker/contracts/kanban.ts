import { z } from "zod";
import { platformId } from "./ids";
import { idList } from "./tickets";

/**
 * The board holds every open and pending ticket the user may see, up to this many (the most recently active
 * first); `hasMore` says when there were more. 2,000 is the size it is measured at (bench/kanban.mjs).
 */
export const KANBAN_MAX_TICKETS = 5_000;

/** Lanes a company may order at once: far above any board a person can read. */
export const MAX_KANBAN_LANES = 500;

/** GET /ticket/kanban: `queueIds` as a JSON list (spec 002), or none for every queue the user may see. */
export const kanbanBoardQuery = z.object({ queueIds: idList.optional() });
export type KanbanBoardQuery = z.infer<typeof kanbanBoardQuery>;

const id = platformId();
/** A lane: a kanban tag's id, or null for 'Em aberto'. */
const laneId = z
  .number({ error: (iss) => (iss.input === undefined ? "Obrigatório" : "Must be a tag id or null") })
  .int("Must be a tag id or null")
  .positive("Must be a tag id or null")
  .nullable();

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
    .min(1, "Obrigatório")
    .max(MAX_KANBAN_LANES, `At most ${MAX_KANBAN_LANES} lanes`)
    .refine((ids) => new Set(ids).size === ids.length, "A lane is named twice"),
});
export type KanbanLaneOrderInput = z.infer<typeof kanbanLaneOrderInput>;
