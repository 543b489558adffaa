import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function build(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof build>;

// Building a client (with its relational schema) costs a fraction of a millisecond on every request; the
// binding object lives as long as the isolate, so one client per binding serves every request it handles.
const clients = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = clients.get(d1);
  if (!db) {
    db = build(d1);
    clients.set(d1, db);
  }
  return db;
}
