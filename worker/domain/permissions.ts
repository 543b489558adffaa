/** Declared in contracts (worker/contracts/permissions.ts): the web app uses it too. */
export * from "../contracts/permissions";
