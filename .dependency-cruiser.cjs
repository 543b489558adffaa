/**
 * The worker's layers (docs/architecture.md, ADR 0046), checked by `npm test` (scripts/test.mjs → npm run layers):
 * contracts and lib are the bottom, db sits on them, the domain on those three, and the edges (api, hub, jobs,
 * bridge) on the domain. A module never imports one above its own layer, and no module is in an import cycle, not even
 * one made only of type imports (the hub's call and command map is declared in contracts, issue 23). The web app
 * imports of the worker only its contracts (and its server modules, the domain). Inside db, the schema of each
 * database keeps to its folder: db/control (D1) and db/tenant (each hub's SQLite) never import each other, and
 * db/shared (column helpers, the company and plan both hold) neither; the type of the hub's client (db/tenantOnly.ts)
 * does the same for queries.
 */
const below = (layer, allowed) => ({
  name: `${layer}-imports-only-below`,
  comment: `worker/${layer} may import only ${allowed.join(", ")} of the worker's folders`,
  severity: "error",
  from: { path: `^worker/${layer}/`, pathNot: "\\.test\\.ts$" },
  to: { path: "^worker/", pathNot: [`^worker/(${[layer, ...allowed].join("|")})/`, "^worker/(env|build\\.d)\\.ts$"] },
});

/** The schema files in `folders` never import those in `other`. */
const apart = (name, folders, other, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^worker/db/(${folders.join("|")})/` },
  to: { path: `^worker/db/${other}/` },
});

module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycles",
      comment: "An import cycle that runs: modules load half-initialised, and layers stop being layers.",
      severity: "error",
      // Drizzle's tables reference each other across files (foreign keys, relations), lazily: allowed there.
      from: { path: "^worker/", pathNot: "^worker/db/(control|tenant|shared)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-type-cycles",
      comment:
        "A cycle through type imports: the types' owner is unclear (the hub's port was inferred from the verbs that use it, until issue 23 declared its map in contracts/hubCalls.ts). Declare the shared type below both.",
      severity: "error",
      from: { path: "^worker/", pathNot: "^worker/db/(control|tenant|shared)/" },
      to: { circular: true },
    },
    apart(
      "tenant-schema-not-on-control",
      ["tenant", "shared"],
      "control",
      "A company's tables (and the company and plan its hub copies) never name a control table (D1): the hub's SQLite has none.",
    ),
    apart(
      "control-schema-not-on-tenant",
      ["control", "shared"],
      "tenant",
      "The control database (D1) holds no company's own tables: its schema, and the shared company and plan, never name one.",
    ),
    below("contracts", ["lib"]),
    below("lib", ["contracts"]),
    below("db", ["contracts", "lib"]),
    below("domain", ["contracts", "lib", "db"]),
    {
      name: "web-imports-only-contracts",
      comment:
        "The web app knows the worker by its contracts only (views, error codes, permissions, enums, pure helpers: issue 23), and the lib modules that import nothing (crypto, redirectTo, device). Its server modules (*.server.ts, load-context.ts), which the worker runs to render a page, may call domain verbs.",
      severity: "error",
      from: { path: "^web/", pathNot: ["\\.server\\.tsx?$", "^web/app/load-context\\.ts$"] },
      to: { path: "^worker/", pathNot: ["^worker/contracts/", "^worker/lib/(crypto|redirectTo|device)\\.ts$"] },
    },
    {
      name: "production-not-on-testing",
      comment: "worker/testing holds fixtures and fakes for tests only.",
      severity: "error",
      from: { path: "^worker/", pathNot: ["\\.test\\.ts$", "^worker/testing/"] },
      to: { path: "^worker/testing/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^worker/db/(tenant-)?migrations/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], mainFields: ["module", "main", "types", "typings"] },
    skipAnalysisNotInRules: true,
  },
};
