import { defineConfig } from "vitest/config";

// Tests in plain Node: the session host (a Node process, not a Worker), the web app's pure modules, and the legacy
// importer (its tests start a throwaway PostgreSQL through scripts/lib/postgres.mjs).
export default defineConfig({
  test: {
    environment: "node",
    include: ["session-host/**/*.test.ts", "web/**/*.test.ts", "importer/**/*.test.ts"],
    testTimeout: 15_000,
  },
});
