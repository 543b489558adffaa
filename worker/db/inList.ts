import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column IN (values)` for a list of any length, as ONE bound parameter: the values travel as a JSON array that
 * SQLite reads back with json_each. SQLite in a Durable Object (and D1) binds at most 100 parameters per
 * statement, and drizzle's inArray binds one per value, so a caller's list of about a hundred ids (less when the
 * query binds other values) failed the whole request with a 500. One parameter also keeps one SQL text per query
 * whatever the list's length (prepared templates are cached per text, see preparedTemplates).
 *
 * Use it wherever a list from a caller, or of rows read before, becomes an IN; a fixed list written in the code
 * (two statuses) can stay inArray. An empty list matches nothing, as inArray's does. Values are the column's
 * stored values (ids, texts), compared as SQLite compares them.
 */
export function inList(column: Column | SQL | SQL.Aliased, values: readonly (number | string)[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
