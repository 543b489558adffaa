import { sql, type SQL } from "drizzle-orm";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { Db } from "./client";

/**
 * Drizzle builds a query's SQL from its parts on every call. For the relational ticket query (five related tables
 * in one statement) that was ~0.5 ms of CPU per call, more than SQLite spends running it, and it runs on every
 * list, chat and ticket event. A template is such a query prepared once per database and per shape (the text of its
 * `where`), with placeholders where its values go; each call binds its own values.
 */
interface SyncPrepared<R> {
  execute(values: Record<string, unknown>): { sync(): R };
}

/** A prepared template bound to its values: awaited on its own, or an item of `db.batch` like any builder. */
export class BoundQuery<R> implements RunnableQuery<R, "sqlite"> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: R };

  constructor(
    private readonly prepared: SyncPrepared<R>,
    private readonly values: Record<string, unknown>,
  ) {}

  /** What `db.batch` asks of its items. */
  _prepare() {
    return { execute: () => this.prepared.execute(this.values) };
  }

  then<A = R, B = never>(onfulfilled?: ((value: R) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return new Promise<R>((resolve) => resolve(this.prepared.execute(this.values).sync())).then(onfulfilled, onrejected);
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
  // Keyed by the hub's storage, which lives as long as the hub.
  const byClient = new WeakMap<object, Map<string, SyncPrepared<R>>>();
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
      template = build(db, sql.join(chunks)).prepare() as SyncPrepared<R>;
      if (templates.size >= MAX_SHAPES) templates.clear();
      templates.set(text, template);
    }
    const values: Record<string, unknown> = { ...extra };
    params.forEach((value, i) => (values[`w${i}`] = value));
    return new BoundQuery(template, values);
  };
}
