import { defineConfig } from "vitest/config";

// End-to-end journeys: real Chromium (playwright-core) against the app started by scripts/e2e.mjs exactly as
// `npm start` starts it. Run them with `npm run test:e2e`, which passes E2E_BASE_URL and E2E_HOST_URL.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    // One browser at a time: the machine has 2 cores and the app shares them.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A journey waits for what a person would wait for: on a loaded CI machine a live update can take seconds,
    // so expect.poll gives up after 10 s rather than its default 1 s (a wait, not a timed assertion).
    expect: { poll: { timeout: 10_000 } },
  },
});
