import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { PAGE_SIZE } from "../../contracts/paging";

/**
 * Case-insensitive "contains" for search boxes. The term is a bound parameter with LIKE wildcards escaped,
 * so a user typing % or _ searches for those characters.
 */
export function containsText(column: SQLiteColumn, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql`${column} like ${`%${escaped}%`} escape '\\'`;
}

/** limit/offset of a page (pageNumber from 1) and the hasMore flag the lists answer. */
export function pageOf(pageNumber: number, pageSize = PAGE_SIZE) {
  const offset = (pageNumber - 1) * pageSize;
  return {
    limit: pageSize,
    offset,
    hasMore: (count: number) => offset + pageSize < count,
  };
}
