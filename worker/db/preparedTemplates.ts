import { is, Param, Placeholder, sql, type SQL } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { Db } from "./client";

/**
 * Drizzle builds a query's SQL from its parts on every call. For the relational ticket query (five related tables
 * in one statement) that was ~0.5 ms of CPU per call, several times what D1 spends running it, and it runs on every
 * list, chat and ticket event. A template is such a query prepared once per database client and per shape (the
 * text of its `where`), with placeholders where its values go; each call binds its own values.
 *
 * It relies on what drizzle's D1 session keeps of a prepared query (`getQuery`, `stmt`, `mapResult`: the members
 * `db.batch` uses, and a template always runs through `db.batch`); drizzle-orm is pinned to an exact version.
 */
interface D1Prepared<R> {
  getQuery(): { sql: string; params: unknown[] };
  stmt: D1PreparedStatement;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

/**
 * A prepared query and, per parameter, the placeholder it takes its value from (null: a constant of the query).
 * Worked out once: drizzle's `fillPlaceholders` tells placeholders apart anew on every call, at a cost close to
 * building the query.
 */
interface Template<R> {
  prepared: D1Prepared<R>;
  slots: (string | null)[];
}

function templateOf<R>(prepared: D1Prepared<R>): Template<R> {
  const slots = prepared.getQuery().params.map((p) => {
    if (is(p, Placeholder)) return p.name;
    // A placeholder wrapped with a column's encoder would need it applied: none of ours is; refuse rather than guess.
    if (is(p, Param) && is(p.value, Placeholder)) throw new Error("preparedTemplates: encoded placeholders are not supported");
    return null;
  });
  return { prepared, slots };
}

/** A prepared template bound to its values: awaited on its own, or an item of `db.batch` like any builder. */
export class BoundQuery<R> implements RunnableQuery<R, "sqlite"> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: R };

  constructor(
    private readonly db: Db,
    private readonly template: Template<R>,
    private readonly values: Record<string, unknown>,
  ) {}

  /** What `db.batch` asks of its items. */
  _prepare() {
    const { prepared, slots } = this.template;
    const { sql: text, params } = prepared.getQuery();
    const filled = slots.map((name, i) => (name === null ? params[i] : this.values[name]));
    return {
      getQuery: () => ({ sql: text, params: filled }),
      stmt: prepared.stmt,
      mapResult: (response: unknown, isFromBatch?: boolean) => prepared.mapResult(response, isFromBatch),
    };
  }

  /** Awaited alone, it runs as a batch of one, so that `db.batch` is the one drizzle path templates rely on. */
  then<A = R, B = never>(onfulfilled?: ((value: R) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.db.batch([this]).then(([rows]) => rows as R).then(onfulfilled, onrejected);
  }
}

/** Shapes kept per client; past this many the cache starts over (shapes come from code, so few are ever seen). */
const MAX_SHAPES = 256;

/**
 * The templates of one query, one per shape of its `where` (its SQL text). `build` gets the `where` with its values
 * replaced by placeholders (`w0`, `w1`, …) and returns the query to prepare; `extra` gives the values of further
 * placeholders `build` uses (a limit, an offset).
 */
export function templateFamily<R>(build: (db: Db, where: SQL) => { prepare(): unknown }) {
  // Keyed by the D1 binding, which lives as long as the isolate: a request's `db` may be a wrapper of the client
  // (readInSession's read-only view), new on every request.
  const byClient = new WeakMap<object, Map<string, Template<R>>>();
  return function bind(db: Db, where: SQL, extra: Record<string, unknown> = {}): BoundQuery<R> {
    const { sql: text, params } = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(where);
    const client = (db as unknown as { $client: object }).$client;
    let templates = byClient.get(client);
    if (!templates) byClient.set(client, (templates = new Map()));
    let template = templates.get(text);
    if (!template) {
      const parts = text.split("?");
      if (parts.length - 1 !== params.length) throw new Error("templateFamily: a `where` with a literal '?' cannot be a template");
      const chunks: SQL[] = [sql.raw(parts[0]!)];
      for (let i = 1; i < parts.length; i++) chunks.push(sql`${sql.placeholder(`w${i - 1}`)}`, sql.raw(parts[i]!));
      template = templateOf(build(db, sql.join(chunks)).prepare() as D1Prepared<R>);
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(text, template);
    }
    const values: Record<string, unknown> = { ...extra };
    params.forEach((value, i) => (values[`w${i}`] = value));
    return new BoundQuery(db, template, values);
  };
}
