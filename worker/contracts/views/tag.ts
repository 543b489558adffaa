/** A tag as events carry it. */
export type TagRow = { id: number; name: string; color: string; kanban: number; userId: number | null };

/** A tag with the number of tickets that carry it (domain/tags/view.ts). */
export type TagView = TagRow & { ticketsCount: number };
