import { defineConfig } from "vitest/config";

// Tests in plain Node: the session host (a Node process, not a Worker) and the web app's pure modules.
export default defineConfig({
  test: {
    environment: "node",
    include: ["session-host/**/*.test.ts", "web/**/*.test.ts"],
    testTimeout: 15_000,
  },
});
