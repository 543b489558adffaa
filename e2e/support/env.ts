/** Where the app under test runs; scripts/e2e.mjs starts it and passes these. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\` (scripts/e2e.mjs), which starts the app first`);
  return value.replace(/\/+$/, "");
}

export const baseUrl = () => required("E2E_BASE_URL");
export const hostUrl = () => required("E2E_HOST_URL");
/** The local fakes (worker/testing/fakes/server.ts): the mail catcher at /mail. */
export const fakesUrl = () => required("E2E_FAKES_URL");

/** The demo's logins (scripts/seed/demo.mjs). */
export const demo = {
  password: "123456",
  admin: "admin@admin.com",
  supervisor: "carla@demo.com",
  agents: ["ana@demo.com", "bruno@demo.com"] as const,
  connectionId: 1,
};
