import { z } from "zod";

/**
 * Cursor paging of the public API's lists (issue 25): `?limit=` items per page and `?cursor=` from the previous
 * page's answer. A cursor is opaque to the integrator: the position after the page's last item (its sort key and
 * id), as base64url JSON, so a page never skips nor repeats an item when rows are added meanwhile.
 */
export const PUBLIC_PAGE_DEFAULT = 50;
export const PUBLIC_PAGE_MAX = 100;

export const INVALID_CURSOR = "Not a cursor from a previous page";

/** The position a cursor holds: the last item's sort key (a number or a text) and its id. */
const position = z.tuple([z.union([z.number(), z.string()]), z.number().int().positive()]);
export type CursorPosition = z.infer<typeof position>;

export function encodeCursor(at: CursorPosition): string {
  const bytes = new TextEncoder().encode(JSON.stringify(at));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0))));
  } catch {
    return null;
  }
}

/** `?cursor=`: the position it holds, or a 400 naming the field. */
export const cursorParam = z
  .string()
  .max(500, INVALID_CURSOR)
  .transform((text, ctx) => {
    const parsed = position.safeParse(decodeCursor(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: INVALID_CURSOR });
    return z.NEVER;
  });

/** The query every paged list takes. */
export const publicPageQuery = z.object({
  limit: z.coerce
    .number({ error: `Must be a number from 1 to ${PUBLIC_PAGE_MAX}` })
    .int(`Must be a number from 1 to ${PUBLIC_PAGE_MAX}`)
    .min(1, `Must be a number from 1 to ${PUBLIC_PAGE_MAX}`)
    .max(PUBLIC_PAGE_MAX, `Must be a number from 1 to ${PUBLIC_PAGE_MAX}`)
    .default(PUBLIC_PAGE_DEFAULT),
  cursor: cursorParam.optional(),
});
export type PublicPageQuery = z.infer<typeof publicPageQuery>;

/**
 * A page from `limit + 1` rows read in order: the first `limit`, and the cursor after the last of them when more
 * follow (the extra row only tells that).
 */
export function pageFrom<T>(rows: T[], limit: number, positionOf: (row: T) => CursorPosition): { items: T[]; cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, cursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null };
}
