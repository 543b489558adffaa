/**
 * The domain's error vocabulary. It is declared in contracts (worker/contracts/errors.ts) because the web app and the
 * hub's call map use the same codes; the domain keeps importing it from here.
 */
export * from "../contracts/errors";
