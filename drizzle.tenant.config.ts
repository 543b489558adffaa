import { defineConfig } from "drizzle-kit";

// The tenant database: each CompanyHub's own SQLite (ADR 0016). The migrations are bundled with the worker
// (migrations.js) and applied by the hub when it wakes, before it answers.
export default defineConfig({
  dialect: "sqlite",
  driver: "durable-sqlite",
  schema: "./worker/db/tenant/index.ts",
  out: "./worker/db/tenant-migrations",
});
