import { describe, expect, it } from "vitest";
import { legacyPgUrl, psql } from "../scripts/lib/postgres.mjs";
import { loadLegacyFixture } from "../importer/fixtures/load.mjs";

// The journeys' legacy PostgreSQL (issue 27 §2): scripts/e2e.mjs starts one beside the app and passes LEGACY_PG_URL;
// a journey loads a fixture into a database of its own. No PostgreSQL: this fails, saying what to install.

describe("the legacy PostgreSQL beside the app", () => {
  it("takes a journey's own copy of each fixture", async () => {
    for (const kind of ["ticketz", "whaticket-saas"] as const) {
      const { url } = await loadLegacyFixture(legacyPgUrl(), kind, `e2e_${kind.replace("-", "_")}_${process.pid}`);
      expect(await psql(url, { sql: `SELECT count(*) FROM "Users" WHERE email ILIKE 'bruno@padaria.test'`, rows: true })).toEqual([["1"]]);
      await psql(legacyPgUrl(), { sql: `DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)` });
    }
  });
});
