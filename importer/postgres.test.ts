import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findPostgresBin, legacyPgUrl, psql, startPostgres } from "../scripts/lib/postgres.mjs";

// The throwaway PostgreSQL the legacy-import tests use (scripts/lib/postgres.mjs).

describe("the test PostgreSQL", () => {
  it("starts, answers queries, and leaves nothing behind when stopped", async () => {
    const pg = await startPostgres();
    try {
      expect(pg.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      expect(await psql(pg.url, { sql: "SELECT 40 + 2, current_user", rows: true })).toEqual([["42", "postgres"]]);
      expect(await psql(pg.url, { script: "CREATE TABLE t (n int);\nINSERT INTO t VALUES (1), (2);\nVACUUM t;\nSELECT sum(n) FROM t;", rows: true })).toEqual([["3"]]);
      await expect(psql(pg.url, { sql: "SELECT * FROM no_such_table" })).rejects.toThrow(/no_such_table/);
    } finally {
      await pg.stop();
    }
    expect(existsSync(pg.dir)).toBe(false);
  }, 60_000);

  it("says what to install when there is none, rather than skipping", () => {
    expect(() => findPostgresBin({ PG_BIN: "/nonexistent/bin" })).toThrow(/apt-get install -y postgresql/);
    expect(() => legacyPgUrl({})).toThrow(/LEGACY_PG_URL is not set.*apt-get install -y postgresql/s);
    expect(() => legacyPgUrl({ LEGACY_PG_ERROR: "initdb failed" })).toThrow(/could not: initdb failed/);
    expect(legacyPgUrl({ LEGACY_PG_URL: "postgres://postgres@127.0.0.1:5/postgres" })).toBe("postgres://postgres@127.0.0.1:5/postgres");
  });
});
