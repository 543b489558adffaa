import { fillPlaceholders, sql, type SQL } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { Db } from "./client";

/**
 * Drizzle builds a query's SQL from its parts on every call. For the relational ticket query (five related tables
 * in one statement) that was ~0.5 ms of CPU per call, several times what D1 spends running it, and it runs on every
 * list, chat and ticket event. A template is such a query prepared once per database client and per shape (the
 * text of its `where`), with placeholders where its values go; each call binds its own values.
 *
 * It relies on what drizzle's D1 session keeps of a prepared query (`getQuery`, `stmt`, `mapResult`: the same
 * members `db.batch` uses); drizzle-orm is pinned to an exact version, and the tests exercise both paths.
 */
interface D1Prepared<R> {
  getQuery(): { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  all(values?: Record<string, unknown>): Promise<R>;
}

/** A prepared template bound to its values: awaited on its own, or an item of `db.batch` like any builder. */
export class BoundQuery<R> implements RunnableQuery<R, "sqlite"> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: R };

  constructor(
    private readonly prepared: D1Prepared<R>,
    private readonly values: Record<string, unknown>,
  ) {}

  /** What `db.batch` asks of its items. */
  _prepare() {
    const { prepared } = this;
    const { sql: text, params } = prepared.getQuery();
    const filled = fillPlaceholders(params, this.values);
    return {
      getQuery: () => ({ sql: text, params: filled }),
      stmt: prepared.stmt,
      mapResult: (response: unknown, isFromBatch?: boolean) => prepared.mapResult(response, isFromBatch),
    };
  }

  then<A = R, B = never>(onfulfilled?: ((value: R) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.prepared.all(this.values).then(onfulfilled, onrejected);
  }
}

/** Shapes kept per client; past this many the cache starts over (shapes come from code, so few are ever seen). */
const MAX_SHAPES = 256;

/**
 * Templates of one query, keyed by shape. `build` gets the `where` with its values replaced by placeholders
 * (`w0`, `w1`, …) and returns the query to prepare; `extra` names further placeholders `build` uses.
 */
export function templateFamily<R>(build: (db: Db, where: SQL) => { prepare(): unknown }) {
  // Keyed by the D1 binding, which lives as long as the isolate: a request's `db` may be a wrapper of the client
  // (readInSession's read-only view), new on every request.
  const byClient = new WeakMap<object, Map<string, D1Prepared<R>>>();
  return function bind(db: Db, where: SQL, shape: string, extra: Record<string, unknown> = {}): BoundQuery<R> {
    const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(where);
    const parts = text.split("?");
    if (parts.length - 1 !== params.length) throw new Error("templateFamily: a `where` with a literal '?' cannot be a template");
    const key = `${shape}|${text}`;
    const client = (db as unknown as { $client: object }).$client;
    let templates = byClient.get(client);
    if (!templates) byClient.set(client, (templates = new Map()));
    let prepared = templates.get(key);
    if (!prepared) {
      const chunks: SQL[] = [sql.raw(parts[0]!)];
      for (let i = 1; i < parts.length; i++) chunks.push(sql`${sql.placeholder(`w${i - 1}`)}`, sql.raw(parts[i]!));
      prepared = build(db, sql.join(chunks)).prepare() as D1Prepared<R>;
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(key, prepared);
    }
    const values: Record<string, unknown> = { ...extra };
    params.forEach((value, i) => (values[`w${i}`] = value));
    return new BoundQuery(prepared, values);
  };
}
