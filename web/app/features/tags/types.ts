import type { TagView } from "../../../../worker/contracts/views/tag";

/** Shapes of the tags API (GET /api/tags and friends): the contract's view. */
export type TagRow = TagView;

export interface TagsPage {
  tags: TagRow[];
  count: number;
  hasMore: boolean;
}

export interface TagPayload {
  name: string;
  color: string;
  kanban?: 0 | 1;
}
