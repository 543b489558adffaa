/** Declared in contracts (worker/contracts/csv.ts): the web app uses it too. */
export * from "../../contracts/csv";
