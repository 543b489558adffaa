/** Shapes of the tags API (GET /api/tags and friends). */
export interface TagRow {
  id: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  ticketsCount: number;
}

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
