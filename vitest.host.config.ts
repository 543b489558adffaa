import { defineConfig } from "vitest/config";

// Session-host tests run in plain Node (the host is a Node process, not a Worker).
export default defineConfig({
  test: {
    environment: "node",
    include: ["session-host/**/*.test.ts"],
    testTimeout: 15_000,
  },
});
