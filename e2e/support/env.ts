import { idRangeStart } from "../../worker/contracts/ids";

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

/**
 * The demo's customer company, "Padaria Pão Quente" (scripts/seed/companies/padaria.mjs): an ordinary company on
 * a public plan, its rows in its own id range (company 2), where the journeys run, as customers do.
 */
export const demo = {
  company: "Padaria Pão Quente",
  password: "123456",
  admin: "admin@padaria.demo",
  supervisor: "renata@padaria.demo",
  agents: ["luana@padaria.demo", "diego@padaria.demo"] as const,
  /** The users' names, as the screens show them. */
  names: { admin: "Roberto Almeida", supervisor: "Renata Campos", agents: ["Luana Ferreira", "Diego Martins"] as const },
  /** Its simulator connection "Balcão", paired from the start (its first id: scripts/seed/demo.mjs connectionIdOf). */
  connectionId: idRangeStart(2) + 1,
  connectionName: "Balcão",
};

/** The platform company, "Demo" (scripts/seed/companies/demo.mjs): its super admin, for the journeys about the platform. */
export const platform = {
  company: "Demo",
  password: "123456",
  admin: "admin@admin.com",
  connectionId: 1,
};
